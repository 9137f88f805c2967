/**
 * A stand-in for a browser's push service (FCM, Mozilla's autopush, Apple's), on loopback, so
 * the API and e2e tests send real Web Push without a browser vendor: it takes the POST web-push
 * makes to a subscription's endpoint (`/push/{device}`), checks its VAPID Authorization (the
 * ES256 JWT's signature against the `k=` key, its audience and expiry, as push services do),
 * decrypts the aes128gcm body with the fake device's ECDH private key and auth secret (RFC
 * 8291, with http_ece), and records what a phone would show. It can be told to answer 410
 * (unsubscribed) or 500 (down) for a device.
 *
 * In a test: `const push = await startPushStandIn()`, configure the app with `push.env`
 * (FAMJAM_PUSH_PRIVATE_ORIGINS, so FamJam may reach it on loopback over http), subscribe with
 * `push.subscriptionFor('phone')`, then read `push.received`. Over HTTP (for e2e, where the
 * stand-in runs in scripts/e2e-stack.ts's process and the spec in Playwright's):
 *   POST /devices/{device}          → the device's subscription (PushSubscription.toJSON())
 *   PUT  /devices/{device}/answer   {"status": 410} → how it answers from now on
 *   GET  /received[?device=…]       → what arrived, oldest first
 */
import { createECDH, type ECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';

/** http_ece has no types; the one call the stand-in makes. */
interface HttpEce {
  decrypt(
    buffer: Buffer,
    params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string },
  ): Buffer;
}
const ece = createRequire(import.meta.url)('http_ece') as HttpEce;

/** What a device received, decrypted. */
export interface ReceivedPush {
  device: string;
  /** The decrypted body, parsed: FamJam sends contract/outreach.ts's PushPayload. */
  payload: unknown;
  /** The TTL header (seconds). */
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** The VAPID public key (the Authorization's k=) that signed it. */
  vapidPublicKey: string;
}

/** One POST to a device's endpoint, whatever was answered. */
export interface PushAttempt {
  device: string;
  status: number;
}

export interface FakeSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

interface FakeDevice {
  ecdh: ECDH;
  auth: string;
  /** The status the next POSTs get: 201 accepts (and records), anything else refuses. */
  answer: number;
}

export interface PushStandIn {
  /** http://127.0.0.1:{port} */
  origin: string;
  /** What a server needs in its environment to push to the stand-in. */
  env: { FAMJAM_PUSH_PRIVATE_ORIGINS: string };
  /** The subscription of a fake device (made on first use), as a browser would give it. */
  subscriptionFor(device: string): FakeSubscription;
  /** How the device's endpoint answers from now on (201 by default). */
  answer(device: string, status: number): void;
  /** Pushes accepted and decrypted, oldest first. */
  readonly received: readonly ReceivedPush[];
  /** Every POST to a device endpoint with the status it got. */
  readonly attempts: readonly PushAttempt[];
  /** Forgets what arrived (the devices and their answers stay). */
  clear(): void;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/**
 * The VAPID public key of a valid `vapid t=…, k=…` Authorization for this origin, or null: the
 * JWT must be signed by that key (ES256), name this origin as its audience, not have expired
 * and carry a mailto: or https: subject.
 */
async function verifiedVapidKey(
  header: string | undefined,
  origin: string,
): Promise<string | null> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) return null;
  const raw = Buffer.from(match[2], 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) return null;
  try {
    const key = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33).toString('base64url'),
      },
      'ES256',
    );
    const { payload } = await jwtVerify(match[1], key, { audience: origin, algorithms: ['ES256'] });
    if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) return null;
    if (typeof payload.exp !== 'number') return null;
    return match[2];
  } catch {
    return null;
  }
}

export async function startPushStandIn(): Promise<PushStandIn> {
  const devices = new Map<string, FakeDevice>();
  const received: ReceivedPush[] = [];
  const attempts: PushAttempt[] = [];
  let origin = '';

  function device(name: string): FakeDevice {
    let found = devices.get(name);
    if (!found) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      found = { ecdh, auth: randomBytes(16).toString('base64url'), answer: 201 };
      devices.set(name, found);
    }
    return found;
  }

  function subscriptionFor(name: string): FakeSubscription {
    const found = device(name);
    return {
      endpoint: `${origin}/push/${encodeURIComponent(name)}`,
      keys: { p256dh: found.ecdh.getPublicKey().toString('base64url'), auth: found.auth },
    };
  }

  async function receive(name: string, request: IncomingMessage, response: ServerResponse) {
    const body = await readBody(request);
    const found = devices.get(name);
    // A push service knows only the subscriptions it handed out.
    if (!found) {
      attempts.push({ device: name, status: 404 });
      return sendJson(response, 404, { error: 'no such subscription' });
    }
    const vapidPublicKey = await verifiedVapidKey(request.headers.authorization, origin);
    if (vapidPublicKey === null) {
      attempts.push({ device: name, status: 401 });
      return sendJson(response, 401, { error: 'missing or invalid VAPID authorization' });
    }
    if (request.headers['content-encoding'] !== 'aes128gcm' || request.headers.ttl === undefined) {
      attempts.push({ device: name, status: 400 });
      return sendJson(response, 400, { error: 'aes128gcm body and TTL header required' });
    }
    attempts.push({ device: name, status: found.answer });
    if (found.answer !== 201) return sendJson(response, found.answer, { error: 'told to refuse' });
    const text = ece
      .decrypt(body, { version: 'aes128gcm', privateKey: found.ecdh, authSecret: found.auth })
      .toString('utf8');
    const header = (value: string | string[] | undefined) =>
      (Array.isArray(value) ? value[0] : value) ?? null;
    received.push({
      device: name,
      payload: JSON.parse(text),
      ttl: Number(request.headers.ttl),
      urgency: header(request.headers.urgency),
      topic: header(request.headers.topic),
      vapidPublicKey,
    });
    response.writeHead(201, { location: `${origin}/messages/${received.length}` });
    response.end();
  }

  async function control(request: IncomingMessage, response: ServerResponse, url: URL) {
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    if (request.method === 'POST' && parts[0] === 'push' && parts.length === 2) {
      return receive(parts[1] ?? '', request, response);
    }
    if (request.method === 'POST' && parts[0] === 'devices' && parts.length === 2) {
      return sendJson(response, 200, subscriptionFor(parts[1] ?? ''));
    }
    if (request.method === 'PUT' && parts[0] === 'devices' && parts[2] === 'answer') {
      const { status } = JSON.parse((await readBody(request)).toString('utf8')) as {
        status: number;
      };
      device(parts[1] ?? '').answer = status;
      return sendJson(response, 200, { status });
    }
    if (request.method === 'GET' && url.pathname === '/received') {
      const only = url.searchParams.get('device');
      return sendJson(
        response,
        200,
        received.filter((push) => only === null || push.device === only),
      );
    }
    return sendJson(response, 404, { error: 'not a stand-in path' });
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', origin);
    control(request, response, url).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { error: String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    env: { FAMJAM_PUSH_PRIVATE_ORIGINS: origin },
    subscriptionFor,
    answer(name, status) {
      device(name).answer = status;
    },
    received,
    attempts,
    clear() {
      received.length = 0;
      attempts.length = 0;
    },
    close() {
      return new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
