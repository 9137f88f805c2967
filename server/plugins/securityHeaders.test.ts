import { describe, expect, it } from 'vitest';
import { type MapConfig, ownTilesMapConfig } from '../../contract/maps.ts';
import type { AdsConfig, AppleMusicConfig, EmulatorFirebaseConfig } from '../config.ts';
import { appSecurityHeaders, isMusicCallbackPath } from './securityHeaders.ts';

const firebase: EmulatorFirebaseConfig = {
  mode: 'emulator',
  projectId: 'demo-famjam',
  apiKey: 'demo-api-key',
  authDomain: 'demo-famjam.firebaseapp.com',
  emulatorHost: '127.0.0.1:9099',
};

const ads: AdsConfig = { client: 'ca-pub-1234567890123456', homeSlot: '1234567890' };

const appleMusic: AppleMusicConfig = {
  teamId: 'TEAM123456',
  keyId: 'KEY1234567',
  privateKeyPem: '(not read by the headers)',
  apiUrl: 'https://api.music.apple.com',
  scriptUrl: 'https://js-cdn.music.apple.com/musickit/v3/musickit.js',
};

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
  'connect-src': "'self'",
  'frame-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
};

describe('the Content-Security-Policy', () => {
  it('without ads configured is exactly the policy from before ads', () => {
    expect(Object.fromEntries(policy({ firebase, ads: null, appleMusic: null }))).toEqual(
      withoutAds,
    );
  });

  it("with ads configured also allows AdSense's script, its requests and its ad frames, nothing else", () => {
    expect(Object.fromEntries(policy({ firebase, ads, appleMusic: null }))).toEqual({
      ...withoutAds,
      'script-src': "'self' https://apis.google.com https://pagead2.googlesyndication.com",
      'connect-src': "'self' https://pagead2.googlesyndication.com",
      'frame-src': "'self' https://googleads.g.doubleclick.net https://tpc.googlesyndication.com",
    });
  });
});

describe('with Apple Music configured', () => {
  it("the CSP also allows MusicKit's script, its own origin and the Apple Music API, nothing else", () => {
    expect(Object.fromEntries(policy({ firebase, ads: null, appleMusic }))).toEqual({
      ...withoutAds,
      'script-src': "'self' https://apis.google.com https://js-cdn.music.apple.com",
      'connect-src': "'self' https://js-cdn.music.apple.com https://api.music.apple.com",
    });
  });

  it('follows a configured MusicKit URL (the stand-in on loopback)', () => {
    const standIn = { ...appleMusic, scriptUrl: 'http://127.0.0.1:4321/musickit.js' };
    const directives = policy({ firebase, ads: null, appleMusic: standIn });
    expect(directives.get('script-src')).toBe(
      "'self' https://apis.google.com http://127.0.0.1:4321",
    );
  });
});

describe('with a tile provider configured', () => {
  const provider = (light: string, dark = light): MapConfig => ({
    tiles: { light, dark },
    attribution: '© Example Maps',
    maxZoom: 19,
  });
  const imgSrc = (map: MapConfig) =>
    policy({ firebase, ads: null, appleMusic: null, map }).get('img-src');

  it("FamJam's own tiles need nothing beyond this origin", () => {
    expect(
      Object.fromEntries(policy({ firebase, ads: null, appleMusic: null, map: ownTilesMapConfig })),
    ).toEqual(withoutAds);
  });

  it("names the provider's origin for <img> tiles, and changes nothing else", () => {
    const map = provider('https://tiles.example.com/light/{z}/{x}/{y}{r}.png?key=k');
    expect(Object.fromEntries(policy({ firebase, ads: null, appleMusic: null, map }))).toEqual({
      ...withoutAds,
      'img-src': "'self' data: https: blob: https://tiles.example.com",
    });
  });

  it("names both themes' hosts, each once", () => {
    expect(
      imgSrc(
        provider(
          'https://light.example.com/{z}/{x}/{y}.png',
          'https://dark.example.com:8443/{z}/{x}/{y}.png',
        ),
      ),
    ).toBe("'self' data: https: blob: https://light.example.com https://dark.example.com:8443");
    expect(imgSrc(provider('https://maps.example.com/{z}/{x}/{y}.png'))).toBe(
      "'self' data: https: blob: https://maps.example.com",
    );
  });

  it("allows every subdomain a template's {s} stands for", () => {
    expect(imgSrc(provider('https://{s}.tile.example.org/{z}/{x}/{y}.png'))).toBe(
      "'self' data: https: blob: https://*.tile.example.org",
    );
  });

  it('allows a tile server on loopback over plain http (no other http origin is ever allowed)', () => {
    expect(imgSrc(provider('http://127.0.0.1:8081/{z}/{x}/{y}.png'))).toBe(
      "'self' data: https: blob: http://127.0.0.1:8081",
    );
  });
});

describe('Cross-Origin-Opener-Policy', () => {
  it('keeps popups linked to the app everywhere', () => {
    expect(
      appSecurityHeaders({ firebase, ads: null, appleMusic: null })['cross-origin-opener-policy'],
    ).toBe('same-origin-allow-popups');
  });

  it("is unsafe-none on a music popup's return page, so it keeps window.opener after the provider's origin", () => {
    const headers = appSecurityHeaders({ firebase, ads: null, appleMusic: null }, 'musicCallback');
    expect(headers['cross-origin-opener-policy']).toBe('unsafe-none');
    // Everything else stays as strict as on any other page.
    const app = appSecurityHeaders({ firebase, ads: null, appleMusic: null });
    expect({ ...headers, 'cross-origin-opener-policy': '' }).toEqual({
      ...app,
      'cross-origin-opener-policy': '',
    });
  });

  it.each([
    ['/auth/spotify/callback', true],
    ['/auth/apple-music/callback/', true],
    ['/auth', false],
    ['/auth/spotify', false],
    ['/auth/spotify/callback/extra', false],
    ['/api/auth/spotify/callback', false],
  ])('%s is a music callback page: %s', (path, expected) => {
    expect(isMusicCallbackPath(path)).toBe(expected);
  });
});

describe('the Permissions-Policy', () => {
  /** The header's features, each with its allowlist as written ('(self)', '()'). */
  function features(page: 'app' | 'musicCallback'): Map<string, string> {
    const header = appSecurityHeaders({ firebase, ads, appleMusic }, page)['permissions-policy'];
    expect(header, page).toBeDefined();
    return new Map(
      String(header)
        .split(',')
        .map((entry) => entry.trim().split('=') as [string, string]),
    );
  }

  it.each(['app', 'musicCallback'] as const)(
    'on the %s page allows this origin only what the app uses, and nothing else at all',
    (page) => {
      const policy = features(page);
      // "Use my location" (GPS), and shake-to-pick: DeviceMotion events need both sensors.
      expect(policy.get('geolocation')).toBe('(self)');
      expect(policy.get('accelerometer')).toBe('(self)');
      expect(policy.get('gyroscope')).toBe('(self)');
      // Copy link. web-share is left out: Chromium does not know the name (a console warning
      // on every page), and the share sheet's default allowlist is this origin already.
      expect(policy.get('clipboard-write')).toBe('(self)');
      expect(policy.has('web-share')).toBe(false);
      for (const unused of ['camera', 'microphone', 'payment', 'usb', 'display-capture']) {
        expect(policy.get(unused), unused).toBe('()');
      }
      // No feature is delegated to another origin (the ad frames, Google's helper frame).
      expect(
        [...policy.values()].every((allowed) => allowed === '(self)' || allowed === '()'),
      ).toBe(true);
    },
  );
});
