import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { AD_SCRIPT_ORIGIN } from '../../contract/ads.ts';
import { type MapConfig, ownTilesMapConfig } from '../../contract/maps.ts';
import type { AdsConfig, AppleMusicConfig, FirebaseConfig } from '../config.ts';
import { routedPath } from '../requestPath.ts';
import type { FamJamApp } from '../types.ts';

/**
 * The only <style> elements the client creates at runtime: react-aria injects these two
 * (press handling; scroll locking on iOS Safari). They are allowed by hash instead of
 * 'unsafe-inline', so no other inline stylesheet can run. app.test.ts checks them against the
 * installed react-aria, so an upgrade that changes them fails a test instead of the UI.
 */
export const reactAriaInjectedStyles = [
  '@layer {\n  [data-react-aria-pressable] {\n    touch-action: pan-x pan-y pinch-zoom;\n  }\n}',
  '@layer {\n  * {\n    overscroll-behavior: contain;\n  }\n}',
] as const;

const styleHashes = reactAriaInjectedStyles.map(
  (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`,
);

/**
 * What Google AdSense needs beyond the app's own policy, added only when ads are configured.
 * An allowlist, not the nonce + 'strict-dynamic' policy Google documents as the supported one:
 * 'strict-dynamic' would let the ad code run any script from anywhere. The cost: whatever else
 * the ad code tries (its traffic-quality scripts on adtrafficquality.google, consent messages)
 * is blocked, which may lower fill. Images need nothing: img-src already allows https:.
 */
function adDirectives(ads: AdsConfig | null) {
  if (ads === null) return { scriptSrc: [], connectSrc: [], frameSrc: [] };
  return {
    // adsbygoogle.js and the implementation script it loads, both from this origin.
    scriptSrc: [AD_SCRIPT_ORIGIN],
    // Its configuration and reporting requests.
    connectSrc: [AD_SCRIPT_ORIGIN],
    // The ads themselves render in frames from these two.
    frameSrc: ['https://googleads.g.doubleclick.net', 'https://tpc.googlesyndication.com'],
  };
}

/**
 * What MusicKit JS needs, added only when Apple Music is configured: its script, the further
 * modules and data it loads from its own origin, and the Apple Music API it calls from the page.
 * Sign-in needs nothing: MusicKit opens Apple's authorize page in a popup, which the page's CSP
 * does not govern, and the answer comes back by postMessage. FAMJAM_APPLE_MUSIC_API_URL is the
 * server's own endpoint; MusicKit in the page always talks to Apple's.
 */
const MUSICKIT_API_ORIGIN = 'https://api.music.apple.com';

function musicDirectives(appleMusic: AppleMusicConfig | null) {
  if (appleMusic === null) return { scriptSrc: [], connectSrc: [] };
  const scriptOrigin = new URL(appleMusic.scriptUrl).origin;
  return {
    scriptSrc: [scriptOrigin],
    connectSrc: [...new Set([scriptOrigin, MUSICKIT_API_ORIGIN])],
  };
}

/**
 * Where the map's tiles come from (config.map, docs/maps.md), as img-src sources: Leaflet shows
 * each tile as an <img>. FamJam's own tiles ('/tiles/…') are this origin, so nothing is added;
 * a provider's origin is named even though 'https:' already covers it, so the policy says which
 * tile host the app uses; and a tile server on loopback over plain http (a developer's, a
 * test's stand-in: parseMap allows http there only) needs its origin, or no tile would show. A
 * template's subdomain placeholder ('https://{s}.tile.example/…') becomes '*.tile.example'.
 */
export function mapTileSources(map: MapConfig): string[] {
  const sources = [map.tiles.light, map.tiles.dark].flatMap((template) => {
    if (!/^https?:\/\//.test(template)) return [];
    const url = new URL(template.replaceAll(/\{[a-z]\}/g, '0'));
    const [firstLabel = '', ...rest] = template.split('/')[2]?.split('.') ?? [];
    const host = /\{[a-z]\}/.test(firstLabel) ? ['*', ...rest].join('.') : url.host;
    return [`${url.protocol}//${host}`];
  });
  return [...new Set(sources)];
}

/**
 * The Content-Security-Policy the built app runs under. Kept as a function of the Firebase
 * mode because the browser talks to the Auth emulator or to Google's identity endpoints, and
 * of the ads, music and map configuration: each integration adds its origins here.
 */
export function contentSecurityPolicyDirectives(
  firebase: FirebaseConfig,
  ads: AdsConfig | null,
  appleMusic: AppleMusicConfig | null,
  map: MapConfig = ownTilesMapConfig,
): Record<string, string[] | null> {
  const adSources = adDirectives(ads);
  const musicSources = musicDirectives(appleMusic);
  // The emulator is reached through this origin ('self'), never at its own port.
  const identityOrigins =
    firebase.mode === 'emulator'
      ? []
      : [
          'https://identitytoolkit.googleapis.com',
          'https://securetoken.googleapis.com',
          'https://www.googleapis.com',
        ];
  // firebase/auth opens its hidden sign-in iframe on the emulator (through this origin) or on
  // the project's authDomain (popup and redirect sign-in talk to the app through it).
  const authFrameOrigin =
    firebase.mode === 'emulator' ? "'self'" : `https://${firebase.authDomain}`;
  return {
    defaultSrc: ["'self'"],
    // firebase/auth loads Google's gapi loader from apis.google.com for that iframe channel.
    scriptSrc: [
      "'self'",
      'https://apis.google.com',
      ...adSources.scriptSrc,
      ...musicSources.scriptSrc,
    ],
    scriptSrcAttr: ["'none'"],
    // The build emits real CSS files (vanilla-extract); inline <style> elements are blocked
    // except react-aria's two, by hash. Inline style *attributes* are allowed: react-aria
    // positions overlays and hides content visually with them, and an attribute cannot run
    // script or load anything.
    styleSrc: ["'self'", ...styleHashes],
    styleSrcAttr: ["'unsafe-inline'"],
    // Event and venue pictures come from many hosts over HTTPS; avatars may be data/blob URLs;
    // the map's tiles come from this origin or the configured tile host.
    imgSrc: ["'self'", 'data:', 'https:', 'blob:', ...mapTileSources(map)],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...identityOrigins, ...adSources.connectSrc, ...musicSources.connectSrc],
    frameSrc: [authFrameOrigin, ...adSources.frameSrc],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    // Left out on purpose: the embedded default serves plain http on loopback, where upgrading
    // would break every request (and the emulator); behind TLS, HSTS does the upgrading.
    upgradeInsecureRequests: null,
  };
}

/**
 * The headers helmet sets for these options. They depend on the configuration alone, never on
 * the request, so they are worked out once at start: @fastify/helmet rebuilt helmet and its
 * CSP (with two fresh nonces the app never used) on every request, a twentieth of an API
 * call's time.
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: number | string | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Permissions-Policy: the browser features this origin may use, and that no other origin (an
 * ad frame, Google's helper frame) is handed. Only what the app calls: the GPS for "Use my
 * location", the motion sensors for shake-to-pick (DeviceMotion events need both accelerometer
 * and gyroscope in Chromium) and the clipboard for sharing. The rest of what a page could ask
 * for is refused outright. Only feature names Chromium knows are listed: an unknown one is a
 * console warning on every page, which the e2e suite fails on. `web-share` is one (Debian's
 * Chromium 156 warns "Unrecognized feature"); the share sheet's default allowlist is this
 * origin anyway, so leaving it out hands it to no frame.
 */
const allowedFeatures = ['geolocation', 'accelerometer', 'gyroscope', 'clipboard-write'];
const refusedFeatures = [
  'camera',
  'microphone',
  'display-capture',
  'payment',
  'usb',
  'serial',
  'hid',
  'midi',
  'magnetometer',
  'xr-spatial-tracking',
  'idle-detection',
];
const permissionsPolicy = [
  ...allowedFeatures.map((feature) => `${feature}=(self)`),
  ...refusedFeatures.map((feature) => `${feature}=()`),
].join(', ');

interface SecurityHeadersOptions {
  firebase: FirebaseConfig;
  ads: AdsConfig | null;
  appleMusic: AppleMusicConfig | null;
  /** The map's tiles (config.map); FamJam's own when left out. */
  map?: MapConfig;
}

/** The music-service popups' return pages (docs/product.md#spec-2: /auth/{music_service}/callback). */
export function isMusicCallbackPath(path: string): boolean {
  return /^\/auth\/[^/]+\/callback\/?$/.test(path);
}

/**
 * Every security header the app sends, for this configuration. `page` 'musicCallback' is the
 * popup's return page: it must keep `window.opener` to post its result, and Chromium severs the
 * opener when a popup goes from a cross-origin page without COOP (the provider's authorize
 * page) to one with same-origin-allow-popups. So that page alone is served with unsafe-none.
 */
export function appSecurityHeaders(
  options: SecurityHeadersOptions,
  page: 'app' | 'musicCallback' = 'app',
): Record<string, string> {
  const helmetHeaders = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: contentSecurityPolicyDirectives(
        options.firebase,
        options.ads,
        options.appleMusic,
        options.map,
      ),
    },
    // Popup sign-in (Google via Firebase, music services) needs the opener link to the popup;
    // plain same-origin would sever it.
    crossOriginOpenerPolicy: {
      policy: page === 'musicCallback' ? 'unsafe-none' : 'same-origin-allow-popups',
    },
    // Same intent as frame-ancestors 'none', for browsers that predate CSP level 2.
    frameguard: { action: 'deny' },
  });
  return { ...helmetHeaders, 'permissions-policy': permissionsPolicy };
}

export const securityHeadersPlugin = fp(
  async (app: FamJamApp, options: SecurityHeadersOptions) => {
    const headers = appSecurityHeaders(options);
    const callbackHeaders = appSecurityHeaders(options, 'musicCallback');
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(isMusicCallbackPath(routedPath(request.url)) ? callbackHeaders : headers);
      done();
    });
  },
  { name: 'famjam-security-headers' },
);
