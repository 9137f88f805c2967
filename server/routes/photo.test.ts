import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_PHOTO_MAX_BYTES, UserRecord } from '../../contract/user.ts';
import {
  bearer,
  buildTestApp,
  createEmulatorUser,
  createOnboardedUser,
  type EmulatorUser,
  expectInContract,
} from '../test/helpers.ts';
import { tinyImages } from '../test/images.ts';
import type { FamJamApp } from '../types.ts';

let app: FamJamApp;

beforeAll(async () => {
  // This file uploads more than a minute's write budget (the rate limit has tests of its own).
  app = await buildTestApp({ rateLimitPerMinute: 10_000 });
});

afterAll(async () => {
  await app?.close();
});

function upload(user: EmulatorUser | null, body: Buffer | string, contentType = 'image/jpeg') {
  return app.inject({
    method: 'POST',
    url: '/api/me/photo',
    headers: { ...(user ? bearer(user) : {}), 'content-type': contentType },
    payload: body,
  });
}

function getPhoto(user: EmulatorUser | null) {
  return app.inject({ method: 'GET', url: '/api/me/photo', headers: user ? bearer(user) : {} });
}

function deletePhoto(user: EmulatorUser | null) {
  return app.inject({ method: 'DELETE', url: '/api/me/photo', headers: user ? bearer(user) : {} });
}

async function ownRecord(user: EmulatorUser): Promise<UserRecord> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/users/by-email/${encodeURIComponent(user.email)}`,
    headers: bearer(user),
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** A real (tiny) JPEG followed by padding, which decoders ignore: a decodable photo of any size. */
function jpegOfSize(bytes: number): Buffer {
  const body = Buffer.alloc(bytes, 0);
  tinyImages['image/jpeg'].copy(body, 0, 0, Math.min(bytes, tinyImages['image/jpeg'].length));
  return body;
}

/** CRC-32 as PNG chunks use it (ISO 3309), for a header rewritten in a test. */
function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

const notAnImage =
  'That file is not a JPEG, PNG or WebP image. Please choose a photo in one of those formats.';

describe('/api/me/photo authentication', () => {
  it('answers 401 JSON without a token and with a garbage one, for every method', async () => {
    const garbage = { idToken: 'garbage', uid: 'x', email: 'x@example.com' };
    for (const response of [
      await upload(null, tinyImages['image/png'], 'image/png'),
      await getPhoto(null),
      await deletePhoto(null),
      await upload(garbage, tinyImages['image/png'], 'image/png'),
      await getPhoto(garbage),
      await deletePhoto(garbage),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe('unauthorized');
    }
  });

  it('answers 401 for a body over the limit without a token: the token is checked first', async () => {
    const response = await upload(null, jpegOfSize(PROFILE_PHOTO_MAX_BYTES + 1));
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/me/photo', () => {
  it.each(Object.entries(tinyImages))(
    'stores a %s re-encoded as WebP of the same size, and GET gives that back',
    async (type, bytes) => {
      const user = await createOnboardedUser(app);
      expect((await ownRecord(user)).photoUpdatedAt).toBeNull();
      const response = await upload(user, bytes, type);
      expect(response.statusCode).toBe(200);
      const record = response.json();
      expectInContract(record, UserRecord, 'POST /api/me/photo');
      expect(record.email).toBe(user.email);
      expect(Number.isNaN(Date.parse(record.photoUpdatedAt))).toBe(false);
      expect(await ownRecord(user)).toEqual(record);

      const photo = await getPhoto(user);
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/webp');
      expect(photo.headers['cache-control']).toBe('private, max-age=0, must-revalidate');
      expect(photo.headers['x-content-type-options']).toBe('nosniff');
      const [sent, stored] = await Promise.all([
        sharp(bytes).metadata(),
        sharp(photo.rawPayload).metadata(),
      ]);
      expect(type).toMatch(/^image\//);
      expect([stored.format, stored.width, stored.height]).toEqual([
        'webp',
        sent.width,
        sent.height,
      ]);
    },
  );

  // One account for these (each account costs a sign-up, which the app rate-limits).
  describe('what is stored', () => {
    let user: EmulatorUser;
    beforeAll(async () => {
      user = await createOnboardedUser(app);
    });

    it('stores what the pixels show, not what rode along: an HTML payload and EXIF are gone', async () => {
      // A JPEG with EXIF (camera, GPS position) and an HTML page after its end: it decodes, and a
      // browser sniffing the stored bytes would have found the script.
      const withExif = await sharp({
        create: { width: 40, height: 30, channels: 3, background: '#3a6' },
      })
        .jpeg()
        .withExif({ IFD0: { Make: 'FamilyPhone' }, IFD3: { GPSLatitudeRef: 'N' } })
        .toBuffer();
      expect((await sharp(withExif).metadata()).exif).toBeDefined();
      const polyglot = Buffer.concat([
        withExif,
        Buffer.from('<html><script>alert(document.cookie)</script></html>'),
      ]);
      expect((await upload(user, polyglot)).statusCode).toBe(200);
      const stored = (await getPhoto(user)).rawPayload;
      expect(stored.includes('<script')).toBe(false);
      expect(stored.includes('FamilyPhone')).toBe(false);
      const metadata = await sharp(stored).metadata();
      expect([metadata.format, metadata.width, metadata.height, metadata.exif]).toEqual([
        'webp',
        40,
        30,
        undefined,
      ]);
    });

    it('scales a large photo down to 512 px on its longer side', async () => {
      const large = await sharp({
        create: { width: 2000, height: 1000, channels: 3, background: '#fa0' },
      })
        .png()
        .toBuffer();
      expect((await upload(user, large, 'image/png')).statusCode).toBe(200);
      const metadata = await sharp((await getPhoto(user)).rawPayload).metadata();
      expect([metadata.width, metadata.height]).toEqual([512, 256]);
    });

    it('answers 415 for a cut-short JPEG, keeping the photo it had', async () => {
      expect((await upload(user, tinyImages['image/png'], 'image/png')).statusCode).toBe(200);
      const before = (await getPhoto(user)).rawPayload;
      const whole = await sharp({
        create: { width: 64, height: 64, channels: 3, background: '#08f' },
      })
        .jpeg()
        .toBuffer();
      const response = await upload(user, whole.subarray(0, Math.floor(whole.length / 2)));
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        error: 'unsupported_media_type',
        message:
          'That JPEG file could not be read: it may be damaged or cut short. Please choose another photo.',
      });
      expect((await getPhoto(user)).rawPayload.equals(before)).toBe(true);
    });

    it('refuses a small PNG that claims 30000 x 30000 pixels (413) or 2^31 x 2^31 (415), without decoding it', async () => {
      expect((await upload(user, tinyImages['image/png'], 'image/png')).statusCode).toBe(200);
      const before = (await getPhoto(user)).rawPayload;
      // A real 1x1 PNG with its header's width and height rewritten (and the header's CRC fixed,
      // so only the size is wrong): the pixel data behind it would never end.
      const claiming = (side: number) => {
        const png = Buffer.from(tinyImages['image/png']);
        png.writeUInt32BE(side, 16);
        png.writeUInt32BE(side, 20);
        png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
        return png;
      };
      const bomb = await upload(user, claiming(30_000), 'image/png');
      expect(bomb.statusCode).toBe(413);
      expect(bomb.json()).toEqual({
        error: 'payload_too_large',
        message: 'The photo has more than 40 million pixels. Please choose a smaller one.',
      });
      // Past what PNG decoders accept at all: not an image they can read.
      const beyond = await upload(user, claiming(2 ** 31 - 1), 'image/png');
      expect(beyond.statusCode).toBe(415);
      expect((await getPhoto(user)).rawPayload.equals(before)).toBe(true);
    });
  });

  it('decides the type by the bytes, whatever Content-Type says', async () => {
    const user = await createOnboardedUser(app);
    const response = await upload(user, tinyImages['image/png'], 'application/octet-stream');
    expect(response.statusCode).toBe(200);
    expect((await getPhoto(user)).headers['content-type']).toBe('image/webp');
    expect((await upload(user, tinyImages['image/webp'], 'image/jpeg')).statusCode).toBe(200);
    expect((await getPhoto(user)).headers['content-type']).toBe('image/webp');
  });

  it('answers 415 for a text file sent as image/png, keeping the photo it had', async () => {
    const user = await createOnboardedUser(app);
    expect((await upload(user, tinyImages['image/jpeg'])).statusCode).toBe(200);
    for (const [body, contentType] of [
      ['just some text, not a picture', 'image/png'],
      ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/webp'],
      ['GIF89a', 'text/plain'],
      ['{"photo": "me.png"}', 'application/json'],
      ['--boundary\r\n\r\nabc\r\n--boundary--', 'multipart/form-data; boundary=boundary'],
    ] as const) {
      const response = await upload(user, body, contentType);
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json()).toEqual({ error: 'unsupported_media_type', message: notAnImage });
    }
    const inSpanish = await app.inject({
      method: 'POST',
      url: '/api/me/photo',
      headers: { ...bearer(user), 'content-type': 'image/png', 'accept-language': 'es' },
      payload: 'just some text, not a picture',
    });
    expect(inSpanish.json()).toEqual({
      error: 'unsupported_media_type',
      message:
        'Ese archivo no es una imagen JPEG, PNG ni WebP. Elige una foto en uno de esos formatos.',
    });
    const photo = await getPhoto(user);
    expect(photo.statusCode).toBe(200);
    expect((await sharp(photo.rawPayload).metadata()).width).toBe(2);
  });

  it('answers 413 JSON for 2 MB and one byte, and takes exactly 2 MB', async () => {
    const user = await createOnboardedUser(app);
    const tooBig = await upload(user, jpegOfSize(PROFILE_PHOTO_MAX_BYTES + 1));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({
      error: 'payload_too_large',
      message: 'The photo is larger than 2 MB. Please choose a smaller one.',
    });
    expect((await getPhoto(user)).statusCode).toBe(404);

    const atLimit = await upload(user, jpegOfSize(PROFILE_PHOTO_MAX_BYTES));
    expect(atLimit.statusCode).toBe(200);
    expect((await getPhoto(user)).headers['content-type']).toBe('image/webp');
  });

  it('answers 400 for an empty body', async () => {
    const user = await createOnboardedUser(app);
    for (const contentType of ['image/png', 'application/octet-stream']) {
      const response = await upload(user, Buffer.alloc(0), contentType);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'bad_request',
        message: 'The request has no photo in its body.',
      });
    }
  });

  it('answers 409 for an account without a profile, storing nothing', async () => {
    const user = await createEmulatorUser();
    const response = await upload(user, tinyImages['image/png'], 'image/png');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'conflict',
      message: 'Create your FamJam profile (POST /api/users) before adding a photo to it.',
    });
    expect((await getPhoto(user)).statusCode).toBe(404);
  });

  it('leaves the other routes refusing bodies that are not JSON', async () => {
    const user = await createOnboardedUser(app);
    const response = await app.inject({
      method: 'PUT',
      url: '/api/me/saved',
      headers: { ...bearer(user), 'content-type': 'image/png' },
      payload: tinyImages['image/png'],
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toBe('unsupported_media_type');
  });
});

describe('GET and DELETE /api/me/photo', () => {
  it('answers 404 JSON without a photo, and without a profile', async () => {
    for (const user of [await createOnboardedUser(app), await createEmulatorUser()]) {
      const response = await getPhoto(user);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: 'not_found',
        message: 'This account has no profile photo.',
      });
    }
  });

  it('removes the photo (204), also when there is none; 409 without a profile', async () => {
    const user = await createOnboardedUser(app);
    expect((await upload(user, tinyImages['image/webp'], 'image/webp')).statusCode).toBe(200);
    const removed = await deletePhoto(user);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await getPhoto(user)).statusCode).toBe(404);
    expect((await ownRecord(user)).photoUpdatedAt).toBeNull();
    expect((await deletePhoto(user)).statusCode).toBe(204);

    const newcomer = await createEmulatorUser();
    const response = await deletePhoto(newcomer);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('conflict');
  });

  it("reaches only the caller's own photo", async () => {
    const owner = await createOnboardedUser(app);
    const other = await createOnboardedUser(app);
    expect((await upload(owner, tinyImages['image/png'], 'image/png')).statusCode).toBe(200);
    expect((await getPhoto(other)).statusCode).toBe(404);
    expect((await deletePhoto(other)).statusCode).toBe(204);
    expect((await upload(other, tinyImages['image/jpeg'])).statusCode).toBe(200);
    const ownerPhoto = await getPhoto(owner);
    // The owner's 1x1 picture, not the other account's 2x2 one.
    expect((await sharp(ownerPhoto.rawPayload).metadata()).width).toBe(1);
    expect((await ownRecord(owner)).photoUpdatedAt).not.toBeNull();
  });
});

describe('POST /api/me/photo with a malformed Content-Type header', () => {
  it('answers 415 saying which types to send, storing nothing', async () => {
    const user = await createOnboardedUser(app);
    // RFC 9110 media-type: type "/" subtype *( OWS ";" OWS [ token "=" ( token / quoted-string ) ] )
    for (const contentType of [
      '!',
      'image/jpeg;;;=',
      'image/jpeg; =jpeg',
      'image/jpeg; charset',
      'image/jpeg; name="open',
      'image/jpeg x',
      'image/',
      '/jpeg',
      'image/jpeg/x',
    ]) {
      const response = await upload(user, tinyImages['image/png'], contentType);
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json()).toEqual({
        error: 'unsupported_media_type',
        message:
          'The Content-Type header is not a valid media type. Send the photo as image/jpeg, image/png, image/webp or application/octet-stream.',
      });
    }
    expect((await getPhoto(user)).statusCode).toBe(404);
  });

  it('takes any well-formed type, parameters and empty parameters included', async () => {
    const user = await createOnboardedUser(app);
    for (const contentType of [
      'IMAGE/PNG',
      'image/png;;',
      'image/png ; q=1',
      'image/png; name="my photo; \\"best\\".png"',
      'application/octet-stream',
    ]) {
      const response = await upload(user, tinyImages['image/png'], contentType);
      expect(response.statusCode, contentType).toBe(200);
    }
  });
});
