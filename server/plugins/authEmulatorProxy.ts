import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorFirebaseConfig } from '../config.ts';
import { routedPath } from '../requestPath.ts';
import type { FamJamApp } from '../types.ts';
import { HttpError } from './errors.ts';
import { isAnsweredHost } from './hostCheck.ts';

/*
 * In emulator mode the browser reaches the Firebase Auth emulator only through FamJam's own
 * origin, never at the emulator's port (which /api/config no longer names). The emulator
 * answers CORS for any origin and has an admin API (every account with its password, delete
 * all) that needs no real credential, so a foreign page that knew its port could read it. Here
 * it gets only what the Firebase SDK calls, behind FamJam's Host check, from pages of this
 * origin (Origin checked), without the Authorization header (the emulator's admin key is
 * `Bearer owner`) and without the emulator's CORS answers. The SDK keeps the emulator's paths
 * (connectAuthEmulator drops any path from its URL), so they are served at the root.
 */

interface ProxiedEndpoint {
  method: 'GET' | 'POST';
  path: RegExp;
  /** An HTML page (the Google sign-in popup, its helper frame): served with its own CSP. */
  page?: true;
}

const proxiedEndpoints: readonly ProxiedEndpoint[] = [
  // What a browser's SDK sends: sign-up, sign-in (password, Google), the session check as a
  // page loads (lookup), profile and email updates, verification emails, account deletion.
  // The same methods under /v1/projects/{id}/… are the admin API, and are not matched.
  { method: 'POST', path: /^\/identitytoolkit\.googleapis\.com\/v1\/accounts:[A-Za-z]+$/ },
  // Project settings the SDK reads: authorized domains (popups), password policy, reCAPTCHA.
  { method: 'GET', path: /^\/identitytoolkit\.googleapis\.com\/v1\/projects$/ },
  {
    method: 'GET',
    path: /^\/identitytoolkit\.googleapis\.com\/v2\/(?:passwordPolicy|recaptchaConfig)$/,
  },
  // The token refresh.
  { method: 'POST', path: /^\/securetoken\.googleapis\.com\/v1\/token$/ },
  // Google sign-in: the emulator's account picker (the popup) and the frame it reports to.
  { method: 'GET', path: /^\/emulator\/auth\/(?:handler|iframe)$/, page: true },
];

/** The path prefixes the SDK uses; anything under them that is not listed above is a 404. */
const proxiedPrefixes = [
  '/identitytoolkit.googleapis.com/*',
  '/securetoken.googleapis.com/*',
  '/emulator/*',
];
const proxiedMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The request headers the SDK sets that the emulator reads; no Authorization, no cookies. */
const forwardedHeaders = [
  'accept',
  'accept-language',
  'content-type',
  'x-client-version',
  'x-firebase-client',
  'x-firebase-gmpid',
  'x-firebase-locale',
] as const;

const emulatorTimeoutMs = 30_000;

const notProxied = (path: string) =>
  new HttpError(
    404,
    'not_found',
    `${path} is not a sign-in endpoint a browser uses; the Auth emulator's admin API is not served here.`,
  );

const emulatorUnreachable = () =>
  new HttpError(
    502,
    'bad_gateway',
    'The local sign-in service (the Firebase Auth emulator) is not answering; restart FamJam.',
  );

/** The inline <script> elements' hashes, as a CSP source list allows them. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    ([, text = '']) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`,
  );
}

/**
 * The CSP of the emulator's two pages. They run inline scripts of their own, and firebase-tools
 * writes accounts' display names into the account picker unescaped: served from FamJam's
 * origin, an injected script there could read the app's sign-in. So only the scripts the
 * emulator's page has with no accounts listed run (by hash), plus Google's iframe library and
 * the picker's stylesheet and script host; no inline event handlers, no other script.
 */
function emulatorPagePolicy(scriptHashes: readonly string[]): string {
  return [
    "default-src 'none'",
    `script-src ${[...scriptHashes, 'https://apis.google.com', 'https://unpkg.com'].join(' ')}`,
    "style-src 'unsafe-inline' https://unpkg.com https://fonts.googleapis.com",
    'font-src https://fonts.gstatic.com',
    'img-src data: https:',
    "connect-src 'self'",
    'frame-src https://apis.google.com',
    // The helper frame is framed by the app's pages, and only by them.
    "frame-ancestors 'self'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** Whether a browser's Origin names a page FamJam answers for (absent: not a browser's POST). */
function fromAnsweredOrigin(origin: string | undefined, publicOrigin: string): boolean {
  if (origin === undefined) return true;
  if (!URL.canParse(origin)) return false;
  return isAnsweredHost(new URL(origin).host, publicOrigin);
}

export async function authEmulatorProxyPlugin(
  app: FamJamApp,
  options: { firebase: EmulatorFirebaseConfig },
): Promise<void> {
  const emulatorOrigin = `http://${options.firebase.emulatorHost}`;
  // The body goes on as sent: JSON from the SDK's sign-in calls, a form from the token refresh.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const pagePolicies = new Map<string, Promise<string>>();
  /** The page's CSP, from the emulator's own copy of it with no accounts listed (made once). */
  const pagePolicy = (path: string) => {
    let policy = pagePolicies.get(path);
    if (policy === undefined) {
      policy = fetch(
        `${emulatorOrigin}${path}?apiKey=famjam&appName=famjam&providerId=famjam.invalid`,
        { signal: AbortSignal.timeout(emulatorTimeoutMs) },
      )
        .then((response) => response.text())
        .then((html) => emulatorPagePolicy(inlineScriptHashes(html)));
      // A failure is not kept: the next request asks again.
      policy.catch(() => pagePolicies.delete(path));
      pagePolicies.set(path, policy);
    }
    return policy;
  };

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = routedPath(request.url);
    const endpoint = proxiedEndpoints.find(
      (candidate) => candidate.method === request.method && candidate.path.test(path),
    );
    if (endpoint === undefined) throw notProxied(path);
    if (!fromAnsweredOrigin(request.headers.origin, app.publicOrigin())) {
      throw new HttpError(403, 'forbidden', 'Sign-in requests come only from FamJam’s own pages.');
    }
    const headers = new Headers();
    for (const name of forwardedHeaders) {
      const value = request.headers[name];
      if (typeof value === 'string') headers.set(name, value);
    }
    const queryStart = request.url.indexOf('?');
    const query = queryStart === -1 ? '' : request.url.slice(queryStart);
    let answer: Response;
    let policy: string | null = null;
    try {
      answer = await fetch(`${emulatorOrigin}${encodeURI(path)}${query}`, {
        method: endpoint.method,
        headers,
        ...(endpoint.method === 'POST' && Buffer.isBuffer(request.body)
          ? { body: new Uint8Array(request.body) }
          : {}),
        redirect: 'manual',
        signal: AbortSignal.timeout(emulatorTimeoutMs),
      });
      if (endpoint.page) policy = await pagePolicy(path);
    } catch {
      throw emulatorUnreachable();
    }
    const body = Buffer.from(await answer.arrayBuffer());
    reply.code(answer.status).header('cache-control', 'no-store');
    const type = answer.headers.get('content-type');
    if (type !== null) reply.type(type);
    if (policy !== null) {
      reply.header('content-security-policy', policy).header('x-frame-options', 'SAMEORIGIN');
    }
    return reply.send(body);
  };

  // Every method under each prefix comes here, so what is not listed above is a JSON 404 (the
  // emulator's /emulator/v1 admin API, its /emulator/action links), never the app's page.
  for (const url of proxiedPrefixes) {
    app.route({ method: proxiedMethods, url, schema: { hide: true }, handler: forward });
  }
}
