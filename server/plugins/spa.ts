import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ClientConfig } from '../../contract/config.ts';
import { EMBEDDED_CONFIG_ID } from '../../contract/embeddedConfig.ts';
import type { ApiError } from '../../contract/errors.ts';
import type { Event } from '../../contract/events.ts';
import { type AppLocale, isAppLocale, SOURCE_LOCALE } from '../../contract/locales.ts';
import {
  FRAME_VERSION_FILE,
  frameKinds,
  isFrameKind,
  PAGE_FRAMES_PATH,
} from '../../contract/pageFrame.ts';
import { messagesIn, requestLocale } from '../i18n.ts';
import { eventPagePath, isApiPath, routedPath } from '../requestPath.ts';
import { findEvent } from '../services/events.ts';
import type { FamJamApp } from '../types.ts';
import { withEventPreview } from './linkPreview.ts';
import { type FrameData, loadPageFrames } from './pageFrames.ts';

/** Vite puts content-hashed files under assets/: safe to cache for a year. */
const immutableCache = 'public, max-age=31536000, immutable';
/** Everything else (index.html above all) must be revalidated so a deploy shows up at once. */
const revalidate = 'no-cache';

/**
 * '/sitemap.xml', '/favicon.png', '/old/app.js', '/.git/config': a file, or something in a
 * dot directory, that the build does not have. Never the app: no client route looks like that.
 */
function isFileLike(path: string): boolean {
  const segments = path.split('/');
  if (segments.some((segment) => segment.startsWith('.'))) return true;
  return (segments.at(-1) ?? '').includes('.') && !eventPagePath.test(path);
}

/** What a signed-out visitor can open (public/robots.txt allows the same). */
const publicPages = new Set(['/auth', '/privacy-policy', '/terms-of-service']);

function isPublicPage(path: string): boolean {
  return publicPages.has(path) || eventPagePath.test(path);
}

/** Longer than any event id the API accepts (contract EventIdParams): no lookup for those. */
const MAX_EVENT_ID_LENGTH = 300;

/**
 * The id in '/event/{id}' (percent-decoded: ids hold ':' and may hold '/', sent as %3A, %2F),
 * or null for any other path.
 */
function sharedEventId(url: string): string | null {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const match = /^\/event\/([^/]+)$/.exec(path);
  if (!match?.[1]) return null;
  try {
    const id = decodeURIComponent(match[1]);
    return id.length <= MAX_EVENT_ID_LENGTH && !id.includes('\0') ? id : null;
  } catch {
    return null;
  }
}

/**
 * Reads index.html once per version of the file, not once per shared link: the text is kept
 * with the modification time it was read at, and a cheap stat tells when a rebuilt client
 * replaced it, so event pages show a new build at once, as sendFile does for the plain shell.
 */
function indexHtmlReader(staticDir: string): () => Promise<string> {
  const file = join(staticDir, 'index.html');
  let cached: { mtimeMs: number; html: Promise<string> } | null = null;
  return async () => {
    const { mtimeMs } = await stat(file);
    if (cached?.mtimeMs !== mtimeMs) {
      const entry = {
        mtimeMs,
        // A failed read is not kept: the next request tries again.
        html: readFile(file, 'utf8').catch((error: unknown) => {
          if (cached === entry) cached = null;
          throw error;
        }),
      };
      cached = entry;
    }
    return cached.html;
  };
}

/**
 * index.html with the event's link-preview tags, or null to serve the plain shell: unknown
 * event (the client says 'Event not found' after sign-in), or a failed lookup (a preview is
 * not worth an error page).
 */
async function eventPageHtml(
  app: FamJamApp,
  request: FastifyRequest,
  pageHtml: (event: Event) => Promise<string>,
  id: string,
): Promise<string | null> {
  try {
    const event = await findEvent(app.db, id);
    if (!event) return null;
    const html = await pageHtml(event);
    const origin = app.publicOrigin();
    return withEventPreview(html, event, `${origin}/event/${encodeURIComponent(id)}`, origin);
  } catch (error) {
    request.log.warn(
      { err: error, eventId: id },
      'event link preview failed; serving the plain page',
    );
    return null;
  }
}

/**
 * Where Firebase Auth's SDK sends its requests, other than this origin (the emulator, reached
 * through it): Google's two endpoints (sign-in and the account lookup that restores a session;
 * the token refresh).
 */
export function signInServiceOrigins(config: ClientConfig): string[] {
  if (config.authEmulator) return [];
  return ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
}

/**
 * What every page carries at the end of <head>:
 * - the client configuration (what GET /api/config answers), so the app's boot need not wait a
 *   round trip for it: a JSON data block, which the CSP lets be (no script runs), with '<'
 *   escaped so no value can close the element;
 * - a preconnect to the sign-in service: a returning family's session is restored by a
 *   cross-origin request (with its CORS preflight) that every signed-in page waits for, and
 *   Lighthouse counted about 150 ms on a phone's network for opening that connection then.
 *   `crossorigin`: the SDK's fetches carry no credentials, so they use the anonymous pool.
 */
export function embeddedConfigBlock(config: ClientConfig): string {
  const json = JSON.stringify(config).replaceAll('<', '\\u003c');
  const preconnects = signInServiceOrigins(config).map(
    (origin) => `<link rel="preconnect" href="${origin}" crossorigin>`,
  );
  return `${preconnects.join('')}<script type="application/json" id="${EMBEDDED_CONFIG_ID}">${json}</script>`;
}

/** The page with `block` (embeddedConfigBlock's, made once per server) at the end of <head>. */
export function withEmbeddedConfig(html: string, block: string): string {
  return html.replace('</head>', () => `${block}</head>`);
}

/** Text safe inside an element and inside a double-quoted attribute. */
function escapeText(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/**
 * index.html's own words in `locale`: `<html lang>`, the description search engines and link
 * previews show, and the note for a browser without JavaScript (the title is the product's
 * name). English is index.html as built. An event's page then puts the event's own description
 * in place (withEventPreview): the event's words are never translated.
 */
export function inLanguage(html: string, locale: AppLocale): string {
  if (locale === SOURCE_LOCALE) return html;
  const i18n = messagesIn(locale);
  return html
    .replace(/<html lang="[^"]*"/, () => `<html lang="${locale}"`)
    .replace(
      /(<meta\s+name="description"\s+content=")[^"]*"/,
      (_whole, opening: string) => `${opening}${escapeText(i18n.t('server.page.description'))}"`,
    )
    .replace(
      /<noscript>[\s\S]*?<\/noscript>/,
      () => `<noscript>${escapeText(i18n.t('server.page.noscript'))}</noscript>`,
    );
}

function notFound(reply: FastifyReply, error: string, message: string) {
  const body: ApiError = { error, message };
  return reply.code(404).type('application/json; charset=utf-8').send(body);
}

/**
 * Serves the built client from `staticDir` and answers every unknown path: JSON 404 under
 * /api, index.html for client-side routes (the router renders its own 404 page).
 */
export const spaPlugin = fp(
  async (
    app: FamJamApp,
    options: { staticDir: string; clientConfig: ClientConfig; serveSourceMaps: boolean },
  ) => {
    const clientBuilt = existsSync(join(options.staticDir, 'index.html'));
    // The build's frame version (scripts/lib/viteFrameWorker.ts); null for a build without one.
    const frameVersion = await readFile(join(options.staticDir, FRAME_VERSION_FILE), 'utf8').then(
      (text) => text.trim(),
      () => null,
    );
    const indexHtml = indexHtmlReader(options.staticDir);
    // The configuration is fixed for the server's life: serialised once, not per page.
    const configBlock = embeddedConfigBlock(options.clientConfig);
    const frames = clientBuilt
      ? await loadPageFrames(options.staticDir, options.clientConfig, indexHtml, app.log)
      : null;
    // A page's frame (pageFrames.ts), else the plain shell (no frame for the page, or it
    // failed: then the page still loads, as it did before frames), in the visitor's language.
    const pageHtml = async (path: string, locale: AppLocale, data?: FrameData) =>
      inLanguage(
        (frames ? await frames.htmlFor(path, data, locale) : null) ?? (await indexHtml()),
        locale,
      );
    if (clientBuilt) {
      await app.register(fastifyStatic, {
        root: options.staticDir,
        // '.env', '.git/…': whatever a deploy leaves there is nobody's business. 'ignore' (not
        // 'deny', a 403) answers as for a missing file, so nothing tells that it exists.
        dotfiles: 'ignore',
        // '/' is a page like the others (it may get a frame, pageFrames.ts): the not-found
        // handler below answers it, not the static index.
        index: false,
        // The build keeps a .map beside every script (to read a production stack trace),
        // but they hold the original source and build paths: unless the deployer asks for
        // them (FAMJAM_SERVE_SOURCE_MAPS), a map is answered like a missing file (404 below).
        allowedPath: (path) => options.serveSourceMaps || !path.endsWith('.map'),
        cacheControl: false,
        setHeaders(reply, filePath) {
          // Relative to the root: a root that itself sits under some 'assets' folder must not
          // make every file immutable.
          const [top] = relative(options.staticDir, filePath).split(sep);
          reply.header('cache-control', top === 'assets' ? immutableCache : revalidate);
        },
      });
    }

    /** A client route: its frame (with an event's preview tags), or the plain shell. */
    const sendPage = async (request: FastifyRequest, reply: FastifyReply, path: string) => {
      reply.header('cache-control', revalidate);
      // The page speaks the language the browser asks for (its frame, lang, description); the
      // app then speaks the family's own choice, if this device has one.
      reply.header('vary', 'Accept-Language');
      const locale = requestLocale(request.headers['accept-language']);
      // Pages that need an account say so to search engines (robots.txt keeps most crawlers
      // out already); sign-in, the legal pages and a shared event's page may be indexed.
      if (!isPublicPage(path)) reply.header('x-robots-tag', 'noindex');
      const eventId = sharedEventId(request.url);
      // A shared event's page is drawn with the event (its title and picture paint at once);
      // an unknown one gets the page's plain frame.
      const eventHtml =
        eventId === null
          ? null
          : await eventPageHtml(
              app,
              request,
              (event) => pageHtml(path, locale, { event }),
              eventId,
            );
      const html = eventHtml ?? (await pageHtml(path, locale));
      return reply.type('text/html; charset=utf-8').send(withEmbeddedConfig(html, configBlock));
    };
    if (clientBuilt) {
      // '/' would be the static plugin's directory index (index: false above): it is a page.
      app.get('/', { schema: { hide: true } }, (request, reply) => sendPage(request, reply, '/'));
      // A kind of page's frame in a language, for the service worker's precache (issue 36):
      // what the page itself gets, without an event and without the embedded configuration
      // (a page the worker answers fetches GET /api/config, as its plain shell always did, so a
      // deployer's new configuration is never held back by a frame the worker keeps).
      app.get<{ Params: { locale: string; kind: string }; Querystring: { v?: string } }>(
        `${PAGE_FRAMES_PATH}/:locale/:kind`,
        { schema: { hide: true } },
        async (request, reply) => {
          const { locale, kind } = request.params;
          if (!isAppLocale(locale) || !isFrameKind(kind)) {
            return notFound(reply, 'not_found', 'No such page frame');
          }
          // Another build's worker (a rolling deploy): its install fails and is tried again,
          // rather than keeping this build's frame under that build's address.
          const asked = request.query.v;
          if (asked !== undefined && frameVersion !== null && asked !== frameVersion) {
            return notFound(reply, 'not_found', 'This page frame belongs to another build');
          }
          const path = frameKinds[kind];
          const html =
            path === null ? inLanguage(await indexHtml(), locale) : await pageHtml(path, locale);
          reply.header('cache-control', revalidate);
          // The worker answers the page with this response, headers and all: the page's own
          // robots rule (robots.txt keeps crawlers off /page-frames/ itself).
          if (path === null || !isPublicPage(path)) reply.header('x-robots-tag', 'noindex');
          return reply.type('text/html; charset=utf-8').send(html);
        },
      );
    }

    // Routes get the rate limit from the plugin's onRoute hook; the not-found handler is no
    // route, so without this, guessing /api/* paths would be unlimited. allowList in app.ts
    // still leaves client paths (index.html fallback) unlimited.
    app.setNotFoundHandler({ preHandler: app.rateLimit() }, async (request, reply) => {
      // Decoded, so '/%61pi/nope' is the API's 404 (and limited) like '/api/nope'.
      const path = routedPath(request.url);
      if (isApiPath(path)) {
        return notFound(reply, 'not_found', `No API route ${request.method} ${path}`);
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return notFound(reply, 'not_found', `No route ${request.method} ${path}`);
      }
      // A missing file must stay a 404: answering index.html would hand HTML to a <script> tag
      // of a tab still running an older build, or to a crawler asking for /sitemap.xml.
      if (path.startsWith('/assets/') || isFileLike(path)) {
        return notFound(reply, 'not_found', `No file ${path}`);
      }
      if (!clientBuilt) {
        return notFound(
          reply,
          'client_not_built',
          'The web client is not built yet: run npm run build (or npm run dev for hot reload).',
        );
      }
      return sendPage(request, reply, path);
    });
  },
  { name: 'famjam-spa', dependencies: ['famjam-errors', '@fastify/rate-limit'] },
);
