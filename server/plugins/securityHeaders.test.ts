import { describe, expect, it } from 'vitest';
import type { AdsConfig, EmulatorFirebaseConfig } from '../config.ts';
import { appSecurityHeaders } from './securityHeaders.ts';

const firebase: EmulatorFirebaseConfig = {
  mode: 'emulator',
  projectId: 'demo-famjam',
  apiKey: 'demo-api-key',
  authDomain: 'demo-famjam.firebaseapp.com',
  emulatorHost: '127.0.0.1:9099',
};

const ads: AdsConfig = { client: 'ca-pub-1234567890123456', homeSlot: '1234567890' };

/** The Content-Security-Policy header as the browser receives it, one entry per directive. */
function policy(options: Parameters<typeof appSecurityHeaders>[0]): Map<string, string> {
  const header = appSecurityHeaders(options)['content-security-policy'];
  expect(header).toBeDefined();
  return new Map(
    String(header)
      .split(';')
      .map((directive) => directive.trim())
      .filter((directive) => directive !== '')
      .map((directive) => {
        const [name = '', ...values] = directive.split(' ');
        return [name, values.join(' ')] as const;
      }),
  );
}

const styleHashes =
  "'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o=' 'sha256-gYiS/BvZvRcK27JIXTuwhZ3hs2+VJ1X+2gUlE+farlg='";

/** Today's policy (before ads existed), directive by directive. */
const withoutAds: Record<string, string> = {
  'default-src': "'self'",
  'script-src': "'self' https://apis.google.com",
  'script-src-attr': "'none'",
  'style-src': `'self' ${styleHashes}`,
  'style-src-attr': "'unsafe-inline'",
  'img-src': "'self' data: https: blob:",
  'font-src': "'self' data:",
  'connect-src': "'self' http://127.0.0.1:9099",
  'frame-src': 'http://127.0.0.1:9099',
  'object-src': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
};

describe('the Content-Security-Policy', () => {
  it('without ads configured is exactly the policy from before ads', () => {
    expect(Object.fromEntries(policy({ firebase, ads: null }))).toEqual(withoutAds);
  });

  it("with ads configured also allows AdSense's script, its requests and its ad frames, nothing else", () => {
    expect(Object.fromEntries(policy({ firebase, ads }))).toEqual({
      ...withoutAds,
      'script-src': "'self' https://apis.google.com https://pagead2.googlesyndication.com",
      'connect-src': "'self' http://127.0.0.1:9099 https://pagead2.googlesyndication.com",
      'frame-src':
        'http://127.0.0.1:9099 https://googleads.g.doubleclick.net https://tpc.googlesyndication.com',
    });
  });
});
