import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/helpers.ts';
import type { FamJamApp } from '../types.ts';
import { isAnsweredHost } from './hostCheck.ts';

/*
 * DNS rebinding: a page at a name its author controls re-points that name at this machine and
 * reads FamJam (and, through it, the Auth emulator) as its own origin. Its requests name that
 * host, so FamJam answers only to its own name, localhost and IP addresses.
 */

let app: FamJamApp;
let behindProxy: FamJamApp;

beforeAll(async () => {
  app = await buildTestApp({ publicUrl: 'https://famjam.example' });
  behindProxy = await buildTestApp({ publicUrl: 'https://famjam.example', trustProxy: true });
});

afterAll(async () => {
  await app?.close();
  await behindProxy?.close();
});

const foreignHosts = [
  'rebind.attacker.example',
  'rebind.attacker.example:8080',
  'famjam.example.attacker.example',
  'localhost.attacker.example',
  '127.0.0.1.nip.io:8080',
  'user@famjam.example',
];

describe('a request naming a host FamJam does not answer to', () => {
  it.each(foreignHosts)('Host: %s gets 421 with a JSON message, on every path', async (host) => {
    for (const url of ['/api/config', '/api/health', '/', '/auth', '/event/test%3Ajazz']) {
      const response = await app.inject({ method: 'GET', url, headers: { host } });
      expect(response.statusCode, url).toBe(421);
      expect(response.json(), url).toEqual({
        error: 'misdirected_request',
        message:
          'This server does not answer to that host name. Open FamJam at https://famjam.example (the deployer sets the name with FAMJAM_PUBLIC_URL).',
      });
    }
  });

  it("reaches none of the Auth emulator's sign-in endpoints either", async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any',
      headers: { host: 'rebind.attacker.example:8080', 'content-type': 'application/json' },
      payload: { returnSecureToken: true },
    });
    expect(response.statusCode).toBe(421);
    expect(response.json().error).toBe('misdirected_request');
  });

  it('behind a trusted proxy, is judged by the host the proxy passes on', async () => {
    const refused = await behindProxy.inject({
      method: 'GET',
      url: '/api/health',
      headers: { host: '127.0.0.1:8080', 'x-forwarded-host': 'rebind.attacker.example' },
    });
    expect(refused.statusCode).toBe(421);
    const answered = await behindProxy.inject({
      method: 'GET',
      url: '/api/health',
      headers: { host: '127.0.0.1:8080', 'x-forwarded-host': 'famjam.example' },
    });
    expect(answered.statusCode).toBe(200);
  });
});

describe('a request naming a host FamJam answers to', () => {
  it.each([
    // Its public name, as a browser or a reverse proxy sends it.
    'famjam.example',
    'FamJam.Example',
    'famjam.example:443',
    // Loopback names, with any port: health checks, `npm run dev`'s proxy, app.inject.
    '127.0.0.1:8080',
    'localhost:8080',
    'localhost:80',
    '[::1]:8080',
    // Addresses: a container probe, a LAN visitor. No one can re-point an address.
    '10.1.2.3:8080',
    '192.0.2.66',
    '[2001:db8::1]:8080',
  ])('Host: %s is answered', async (host) => {
    const response = await app.inject({ method: 'GET', url: '/api/health', headers: { host } });
    expect(response.statusCode).toBe(200);
    expect(response.json().ok).toBe(true);
  });
});

describe('isAnsweredHost', () => {
  it('without FAMJAM_PUBLIC_URL, answers to the name the server listens at', () => {
    expect(isAnsweredHost('famjam.lan:8080', 'http://famjam.lan:8080')).toBe(true);
    expect(isAnsweredHost('other.lan:8080', 'http://famjam.lan:8080')).toBe(false);
    expect(isAnsweredHost('localhost:3000', 'http://127.0.0.1:8080')).toBe(true);
  });

  it('refuses what is not a host and port', () => {
    for (const host of ['', 'famjam.example/evil', 'a b', 'famjam.example:99999x', '[::1']) {
      expect(isAnsweredHost(host, 'https://famjam.example'), host).toBe(false);
    }
  });
});
