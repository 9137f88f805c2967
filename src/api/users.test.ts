import { describe, expect, it } from 'vitest';
import { changeLocale } from '../i18n/i18n.ts';
import { samUserRecord } from '../test/fixtures.ts';
import { createApiClient } from './client.ts';
import { createUser, getUserByEmail } from './users.ts';

interface SeenRequest {
  url: string;
  method: string;
  body: string;
}

function clientAnswering(response: () => Response, seen: SeenRequest[] = []) {
  return createApiClient({
    origin: 'http://famjam.test',
    getIdToken: async () => 'token',
    fetch: async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      seen.push({ url: request.url, method: request.method, body: await request.text() });
      return response();
    },
  });
}

describe('getUserByEmail', () => {
  it('returns the record on 200', async () => {
    const seen: SeenRequest[] = [];
    const client = clientAnswering(() => Response.json(samUserRecord), seen);

    await expect(getUserByEmail('sam+kids@example.com', client)).resolves.toEqual(samUserRecord);
    expect(seen[0]?.url).toBe(
      'http://famjam.test/api/users/by-email/sam%2Bkids%40example.com?ifMissing=204',
    );
  });

  it('returns null on 204, which it asks for so that "no user yet" is not logged as an error', async () => {
    const client = clientAnswering(() => new Response(null, { status: 204 }));
    await expect(getUserByEmail('new@example.com', client)).resolves.toBeNull();
  });

  it('returns null on 404: no user yet', async () => {
    const client = clientAnswering(() =>
      Response.json({ error: 'not_found', message: 'No user' }, { status: 404 }),
    );
    await expect(getUserByEmail('new@example.com', client)).resolves.toBeNull();
  });

  it("raises 'HTTP error! status: 500' on other failures", async () => {
    const client = clientAnswering(() => new Response('boom', { status: 500 }));
    await expect(getUserByEmail('sam@example.com', client)).rejects.toThrow(
      new Error('HTTP error! status: 500'),
    );
  });
});

describe('createUser', () => {
  it('posts the profile as JSON and returns the created record', async () => {
    const seen: SeenRequest[] = [];
    const client = clientAnswering(() => Response.json(samUserRecord, { status: 201 }), seen);
    const body = {
      email: samUserRecord.email,
      name: samUserRecord.name,
      familySituation: samUserRecord.familySituation,
      musicPreferences: samUserRecord.musicPreferences,
      location: samUserRecord.location,
    };

    await expect(createUser(body, client)).resolves.toEqual(samUserRecord);
    expect(seen[0]?.method).toBe('POST');
    // With the language the family signed up in (English here), theirs until they choose.
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ ...body, language: 'en' });
  });

  it('sends the language in use: a family signing up in Spanish keeps Spanish', async () => {
    const seen: SeenRequest[] = [];
    const client = clientAnswering(() => Response.json(samUserRecord, { status: 201 }), seen);
    await changeLocale('es', { remember: false });
    try {
      await createUser(
        { email: 'a@b.co', name: 'Ana', familySituation: '', musicPreferences: [], location: '' },
        client,
      );
    } finally {
      await changeLocale('en', { remember: false });
    }
    expect(JSON.parse(seen[0]?.body ?? '').language).toBe('es');
  });

  it('fails with the generic "{status}: {body}" message', async () => {
    const client = clientAnswering(
      () => new Response('{"error":"bad_request","message":"name is required"}', { status: 400 }),
    );
    await expect(
      createUser(
        { email: 'a@b.co', name: '', familySituation: '', musicPreferences: [], location: '' },
        client,
      ),
    ).rejects.toThrow('400: {"error":"bad_request","message":"name is required"}');
  });
});
