import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultEmulatorProjectId } from '../config.ts';
import { buildTestApp, emulatorHost, uniqueEmail } from '../test/helpers.ts';
import type { FamJamApp } from '../types.ts';

/*
 * In emulator mode the browser reaches the Auth emulator only through FamJam's origin: what the
 * Firebase SDK calls works there, the emulator's admin API (every account with its password,
 * delete all, whose only key is `Bearer owner`) does not, and nothing answers CORS for another
 * origin. Against the real emulator the API tests run beside.
 */

let app: FamJamApp;
const origin = 'http://127.0.0.1:8080';
/** What the SDK sends from a page of FamJam's, as the browser adds Host and Origin. */
const fromPage = { host: '127.0.0.1:8080', origin };
const password = 'correct-horse-battery';

beforeAll(async () => {
  app = await buildTestApp();
});

afterAll(async () => {
  await app?.close();
});

async function identityToolkit(method: string, body: object, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: `/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-api-key`,
    headers: { ...fromPage, 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });
}

async function signUp(email = uniqueEmail('proxy')) {
  const response = await identityToolkit('signUp', { email, password, returnSecureToken: true });
  expect(response.statusCode, response.body).toBe(200);
  return {
    email,
    ...(response.json() as { idToken: string; refreshToken: string; localId: string }),
  };
}

/** The emulator's own admin API, called directly (as only a process on this machine can). */
async function directAdminLookup(localId: string) {
  const response = await fetch(
    `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/projects/${defaultEmulatorProjectId}/accounts:lookup`,
    {
      method: 'POST',
      headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
      body: JSON.stringify({ localId: [localId] }),
    },
  );
  return { status: response.status, body: await response.text() };
}

describe("the Firebase SDK's calls through FamJam's origin", () => {
  it('sign up, sign in, the session check and the token refresh work, with no CORS answer', async () => {
    const account = await signUp();
    const signIn = await identityToolkit('signInWithPassword', {
      email: account.email,
      password,
      returnSecureToken: true,
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json().localId).toBe(account.localId);

    const lookup = await identityToolkit('lookup', { idToken: signIn.json().idToken });
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.json().users[0].email).toBe(account.email);

    // The SDK's refresh is a form post.
    const refresh = await app.inject({
      method: 'POST',
      url: '/securetoken.googleapis.com/v1/token?key=demo-api-key',
      headers: { ...fromPage, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=refresh_token&refresh_token=${encodeURIComponent(account.refreshToken)}`,
    });
    expect(refresh.statusCode, refresh.body).toBe(200);
    expect(refresh.json().user_id).toBe(account.localId);

    for (const response of [signIn, lookup, refresh]) {
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it("serves the Google sign-in popup and its helper frame, with scripts only by the emulator's hashes", async () => {
    for (const path of ['/emulator/auth/handler', '/emulator/auth/iframe']) {
      const response = await app.inject({
        method: 'GET',
        url: `${path}?apiKey=demo-api-key&appName=%5BDEFAULT%5D&providerId=google.com&authType=signInViaPopup`,
        headers: { host: '127.0.0.1:8080' },
      });
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type'], path).toMatch(/^text\/html/);
      const policy = String(response.headers['content-security-policy']);
      const scriptSources = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
      expect(scriptSources, path).toMatch(/'sha256-[^']+'/);
      expect(scriptSources, path).not.toContain('unsafe-inline');
      expect(policy, path).toContain("frame-ancestors 'self'");
      expect(response.headers['x-frame-options'], path).toBe('SAMEORIGIN');
    }
  });
});

describe("what FamJam's origin does not pass on to the emulator", () => {
  it('refuses a sign-in call from a page of another origin', async () => {
    const response = await identityToolkit(
      'signUp',
      { email: uniqueEmail('foreign'), password, returnSecureToken: true },
      { origin: 'https://attacker.example' },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: 'forbidden',
      message: 'Sign-in requests come only from FamJam’s own pages.',
    });
  });

  it('answers no CORS preflight', async () => {
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any',
      headers: {
        host: '127.0.0.1:8080',
        origin: 'https://attacker.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization',
      },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['access-control-allow-headers']).toBeUndefined();
  });

  it("never serves the emulator's admin API, with or without its owner key", async () => {
    const account = await signUp();
    // The request below would list the account, password hash included, if passed on.
    const direct = await directAdminLookup(account.localId);
    expect(direct.status).toBe(200);
    expect(direct.body).toContain(account.email);

    const project = defaultEmulatorProjectId;
    const owner = { authorization: 'Bearer owner' };
    const attempts = [
      ['GET', `/identitytoolkit.googleapis.com/v1/projects/${project}/accounts:batchGet`],
      ['POST', `/identitytoolkit.googleapis.com/v1/projects/${project}/accounts:lookup`],
      ['POST', `/identitytoolkit.googleapis.com/v1/projects/${project}/accounts:query`],
      ['POST', `/identitytoolkit.googleapis.com/v1/projects/${project}/accounts:update`],
      ['GET', `/emulator/v1/projects/${project}/config`],
      ['GET', `/emulator/v1/projects/${project}/oobCodes`],
      ['DELETE', `/emulator/v1/projects/${project}/accounts`],
      ['GET', `/emulator/action?mode=verifyEmail&oobCode=x&apiKey=demo-api-key`],
    ] as const;
    for (const [method, url] of attempts) {
      const response = await app.inject({
        method,
        url,
        headers: { ...fromPage, ...owner, 'content-type': 'application/json' },
        ...(method === 'POST'
          ? { payload: JSON.stringify({ localId: [account.localId], returnUserInfo: true }) }
          : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error, url).toBe('not_found');
      expect(response.body, url).not.toContain(account.email);
    }

    // The public methods do not become admin ones with the owner key: it is not passed on.
    const lookup = await identityToolkit('lookup', { localId: [account.localId] }, owner);
    expect(lookup.statusCode).toBe(400);
    expect(lookup.body).not.toContain(account.email);
    const verify = await identityToolkit(
      'update',
      { localId: account.localId, emailVerified: true },
      owner,
    );
    expect(verify.statusCode).toBe(400);

    // And the account is still there: the DELETE above did not reach the emulator.
    expect((await directAdminLookup(account.localId)).body).toContain(account.email);
  });
});
