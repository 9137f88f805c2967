import { decodeJwt, importSPKI, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import type { AppleMusicConfig } from '../../config.ts';
import {
  STAND_IN_APPLE_KEY_ID,
  STAND_IN_APPLE_PRIVATE_KEY_PEM,
  STAND_IN_APPLE_PUBLIC_KEY_PEM,
  STAND_IN_APPLE_TEAM_ID,
} from '../../test/musicProviderStandIn.ts';
import {
  AppleDeveloperTokens,
  DEVELOPER_TOKEN_LIFETIME_S,
  DEVELOPER_TOKEN_RENEW_BEFORE_S,
} from './appleMusic.ts';

const config: AppleMusicConfig = {
  teamId: STAND_IN_APPLE_TEAM_ID,
  keyId: STAND_IN_APPLE_KEY_ID,
  privateKeyPem: STAND_IN_APPLE_PRIVATE_KEY_PEM,
  apiUrl: 'https://api.music.apple.com',
  scriptUrl: 'https://js-cdn.music.apple.com/musickit/v3/musickit.js',
};

describe('AppleDeveloperTokens', () => {
  it('signs a token the public key verifies: ES256, kid, iss, 12 hours', async () => {
    const start = Date.UTC(2026, 0, 1, 12);
    const { token, expiresAt } = await new AppleDeveloperTokens(config, () => start).token();
    const key = await importSPKI(STAND_IN_APPLE_PUBLIC_KEY_PEM, 'ES256');
    const { payload, protectedHeader } = await jwtVerify(token, key, {
      algorithms: ['ES256'],
      issuer: STAND_IN_APPLE_TEAM_ID,
      currentDate: new Date(start),
    });
    expect(protectedHeader).toEqual({ alg: 'ES256', kid: STAND_IN_APPLE_KEY_ID });
    expect(payload).toEqual({
      iss: STAND_IN_APPLE_TEAM_ID,
      iat: start / 1000,
      exp: start / 1000 + DEVELOPER_TOKEN_LIFETIME_S,
    });
    expect(expiresAt).toBe('2026-01-02T00:00:00.000Z');
  });

  it('hands out the same token until 5 minutes before it expires, then a new one', async () => {
    let now = Date.UTC(2026, 0, 1, 12);
    const tokens = new AppleDeveloperTokens(config, () => now);
    const first = await tokens.token();
    const renewAt = now + (DEVELOPER_TOKEN_LIFETIME_S - DEVELOPER_TOKEN_RENEW_BEFORE_S) * 1000;
    now = renewAt - 1000;
    expect(await tokens.token()).toEqual(first);
    now = renewAt;
    const renewed = await tokens.token();
    expect(renewed.token).not.toBe(first.token);
    expect(decodeJwt(renewed.token).iat).toBe(renewAt / 1000);
  });

  it('signs once for concurrent callers', async () => {
    const tokens = new AppleDeveloperTokens(config, () => Date.UTC(2026, 0, 1));
    const answers = await Promise.all([tokens.token(), tokens.token(), tokens.token()]);
    expect(new Set(answers.map((answer) => answer.token)).size).toBe(1);
  });
});
