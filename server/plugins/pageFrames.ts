import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { ClientConfig } from '../../contract/config.ts';
import type { Event } from '../../contract/events.ts';
import type { AppLocale } from '../../contract/locales.ts';
import { ALTERNATE_FRAME } from '../../contract/pageFrame.ts';
import {
  AFTER_PAINT,
  type Manifest,
  routeChunkKeys,
  startupKeys,
  staticClosure,
} from '../clientManifest.ts';
import { eventPagePath } from '../requestPath.ts';

/*
 * Page frames: the first paint of a page without waiting for JavaScript (issue 16). `npm run
 * build` also makes a server bundle of the app (src/prerender/renderFrame.tsx, in dist/prerender);
 * the server renders each page below with it once, as a placeholder account or nobody would see
 * it before any data arrives (header, headings, the hero, skeletons), and serves that HTML inside
 * #root with the page's stylesheets and a modulepreload of its chunks. In the browser,
 * src/app/pageFrame.ts keeps the frame on screen while React renders the real page out of sight,
 * then swaps the two in one frame. Nothing personal is ever in a frame: it is the same for
 * everyone and made before anybody asks. It is drawn in the language the visitor's browser asks
 * for (Accept-Language: a Spanish-speaking visitor opening a shared link sees Spanish), one
 * frame per page and language.
 */

/** Who a frame is drawn for. public/theme-init.js hides it from the other kind of visitor. */
export type FrameSession = 'signed-in' | 'signed-out' | 'anyone';

interface FramedPage {
  /** The page's path, or a pattern for a page with a parameter. */
  path: string | RegExp;
  /** What a pattern's frame is rendered from: one stand-in path. */
  renderPath?: string;
  /** The route files from the root down (src/routes), for its chunks and stylesheets. */
  routeFiles: readonly string[];
  session: FrameSession;
  /**
   * 'shell' keeps the header and navigation but not the page's content: for a page whose
   * content, drawn without data, would say something untrue ('Not specified' on the profile).
   */
  content?: 'page' | 'shell';
}

/** The route files of a page inside the shell layout (src/routes/_shell.tsx). */
const inShell = (leaf: string) => ['__root.tsx', '_shell.tsx', `_shell/${leaf}`];

export const framedPages: readonly FramedPage[] = [
  { path: '/', routeFiles: inShell('index.tsx'), session: 'signed-in' },
  { path: '/search', routeFiles: inShell('search.tsx'), session: 'signed-in' },
  { path: '/saved', routeFiles: inShell('saved.tsx'), session: 'signed-in' },
  { path: '/profile', routeFiles: inShell('profile.tsx'), session: 'signed-in', content: 'shell' },
  {
    path: eventPagePath,
    // The details page of an event not loaded yet: skeletons, no id in sight.
    renderPath: '/event/frame',
    routeFiles: inShell('event.$id.tsx'),
    session: 'signed-in',
  },
  { path: '/auth', routeFiles: ['__root.tsx', 'auth.tsx'], session: 'signed-out' },
  { path: '/privacy-policy', routeFiles: inShell('privacy-policy.tsx'), session: 'anyone' },
  { path: '/terms-of-service', routeFiles: inShell('terms-of-service.tsx'), session: 'anyone' },
];

/** Where the gate sends a visitor who is not signed in. */
const signInPage: FramedPage = (() => {
  const page = framedPages.find((each) => each.path === '/auth');
  if (!page) throw new Error('framedPages must frame the sign-in page');
  return page;
})();

/** The framed page a request path shows, if any. */
export function framedPageFor(path: string): FramedPage | undefined {
  return framedPages.find((page) =>
    typeof page.path === 'string' ? page.path === path : page.path.test(path),
  );
}

/** Public data a frame may be drawn with (src/prerender/renderFrame.tsx puts it in place). */
export interface FrameData {
  /** The event of a shared event's page, as GET /api/events/{id} answers it. */
  event?: Event;
}

type RenderFrame = (
  path: string,
  config: ClientConfig,
  signedIn: boolean,
  data: FrameData,
  locale: AppLocale,
) => Promise<string>;

/** Frames drawn with data (a shared event's page), kept for the most recently asked pages. */
const MAX_FRAMES_WITH_DATA = 100;

interface PageFrames {
  /**
   * index.html with the frame of the page at `path` (no query), or null for the plain shell.
   * With `data` (public data only: the frame is the same for everyone) the page is drawn with it
   * at `path` itself: a shared event's details with its title and picture. In `locale`
   * (English unless given).
   */
  htmlFor(path: string, data?: FrameData, locale?: AppLocale): Promise<string | null>;
}

/** Where `npm run build` puts the server bundle, beside the client's dist/client. */
function frameRendererPath(staticDir: string): string {
  return join(staticDir, '..', 'prerender', 'renderFrame.js');
}

interface PageAssets {
  css: string[];
  js: string[];
}

interface CachedFrame {
  indexHtml: string;
  html: Promise<string | null>;
}

/**
 * Chunks the client's boot imports dynamically before its first render, whatever the page
 * (src/main.tsx: Firebase, through src/app/firebaseLoader.ts). Preloaded with each page's own,
 * so they download beside them instead of after the entry has run.
 */
const bootChunkSources = ['src/app/firebase.ts'];

/**
 * The stylesheets and the chunks to preload for a page, the entry and its startup stages
 * excluded (the build puts those in index.html: vite.config.ts, entryAfterFirstPaint).
 */
function pageAssets(manifest: Manifest, routeFiles: readonly string[]): PageAssets {
  const startup = startupKeys(manifest);
  const entryFiles = staticClosure(manifest, startup);
  const routeKeys = routeFiles.flatMap((file) => routeChunkKeys(manifest, file));
  const bootKeys = bootChunkSources.filter((source) => manifest[source] !== undefined);
  const page = staticClosure(manifest, [...startup, ...routeKeys, ...bootKeys]);
  return {
    css: page.css.filter((file) => !entryFiles.css.includes(file)),
    js: page.js.filter((file) => !entryFiles.js.includes(file)),
  };
}

/**
 * React's renderToString puts the resource hints it found (an image's preload) before the
 * markup; in a page they belong in <head>.
 */
function splitLeadingLinks(markup: string): { links: string; body: string } {
  const match = /^(?:<link [^>]*\/?>)+/.exec(markup);
  return match
    ? { links: match[0], body: markup.slice(match[0].length) }
    : { links: '', body: markup };
}

/**
 * A part of the page that failed to render on the server comes out as React's client-render
 * marker with the error (and its stack) in a template: never sent, the plain shell is.
 */
export function assertRenderedWhole(markup: string, path: string): string {
  if (markup.includes('<!--$!-->')) {
    throw new Error(`part of the frame of ${path} failed to render on the server`);
  }
  return markup;
}

/** The frame without what is inside the shell's main landmark. */
export function shellOnly(markup: string): string {
  return markup.replace(
    /(<main id="main-content"[^>]*>)[\s\S]*<\/main>/,
    (_whole, opening: string) => `${opening}</main>`,
  );
}

interface RenderedFrame {
  markup: string;
  css: readonly string[];
  session: FrameSession;
}

/** A frame's markup without the router's inline scroll-restoration script. */
function withoutScripts(markup: string): string {
  // Inline, so the CSP refuses it, and the app's own router restores scroll anyway. A frame
  // runs no script.
  return markup.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
}

/**
 * index.html with a frame: its assets in <head>, its markup in #root. A signed-in page also
 * carries `forSignedOut`, the sign-in page's frame, in an element after #root: a visitor this
 * device does not know as signed in is sent there by the gate, so that is what they see first
 * (public/theme-init.js and pageFrame.css.ts paint one of the two, src/app/pageFrame.ts drops
 * the other).
 */
export function withFrame(
  indexHtml: string,
  frame: RenderedFrame & { js: readonly string[] },
  forSignedOut?: RenderedFrame,
): string {
  const { links, body: markup } = splitLeadingLinks(frame.markup);
  const css = [...new Set([...frame.css, ...(forSignedOut?.css ?? [])])];
  const head = [
    ...css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...frame.js.map((file) => `<link rel="${AFTER_PAINT}" href="/${file}">`),
    links,
  ].join('');
  const alternate = forSignedOut
    ? `<div ${ALTERNATE_FRAME} data-frame="${forSignedOut.session}">${withoutScripts(splitLeadingLinks(forSignedOut.markup).body)}</div>`
    : '';
  // Replacer functions: a frame's text may hold '$&' or "$'", which a replacement string expands.
  return indexHtml
    .replace('</head>', () => `${head}</head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root" data-frame="${frame.session}">${withoutScripts(markup)}</div>${alternate}`,
    );
}

/**
 * The frames of this build, or null when it has no server bundle (a dev server, a client-only
 * build): then every page gets the plain shell, as before frames existed.
 */
export async function loadPageFrames(
  staticDir: string,
  config: ClientConfig,
  readIndexHtml: () => Promise<string>,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<PageFrames | null> {
  const rendererFile = frameRendererPath(staticDir);
  const manifestFile = join(staticDir, '.vite', 'manifest.json');
  if (!existsSync(rendererFile) || !existsSync(manifestFile)) return null;
  // Imported on the first page request, not at startup: a server that only answers the API (and
  // server/main.test.ts's SIGTERM check, which failed with the bundle loaded at startup, exit 143,
  // cause not yet found: docs/open-points.md) never loads React's server renderer.
  let renderer: Promise<RenderFrame> | null = null;
  const renderFrame: RenderFrame = async (...args) => {
    renderer ??= import(pathToFileURL(rendererFile).href).then(
      (module: { renderFrame: RenderFrame }) => module.renderFrame,
    );
    return (await renderer)(...args);
  };
  // The manifest names the hashed files of the build whose index.html is served: read again,
  // with every page's assets, when a rebuild replaces index.html. (The server bundle itself is
  // imported once: restart the server after a rebuild, as npm start does.)
  let build: { indexHtml: string; assets: Map<FramedPage, PageAssets> } | null = null;
  const assetsOf = (indexHtml: string, page: FramedPage): PageAssets => {
    if (build?.indexHtml !== indexHtml) {
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
      build = {
        indexHtml,
        assets: new Map(framedPages.map((each) => [each, pageAssets(manifest, each.routeFiles)])),
      };
    }
    return build.assets.get(page) ?? { css: [], js: [] };
  };

  const markupOf = (page: FramedPage, path: string, data: FrameData, locale: AppLocale) =>
    renderFrame(path, config, page.session === 'signed-in', data, locale)
      .then((whole) => assertRenderedWhole(whole, path))
      .then((markup) => (page.content === 'shell' ? shellOnly(markup) : markup));

  // The sign-in page's frame, added to every signed-in page for visitors not known as signed
  // in (see withFrame); rendered once per build and language.
  // Should it fail to render, signed-in pages keep their own frame without it (logged once).
  const signInFrames = new Map<
    AppLocale,
    { indexHtml: string; frame: Promise<RenderedFrame | undefined> }
  >();
  const signInFrameFor = (
    indexHtml: string,
    locale: AppLocale,
  ): Promise<RenderedFrame | undefined> => {
    let signInFrame = signInFrames.get(locale);
    if (signInFrame?.indexHtml !== indexHtml) {
      const path = signInPage.renderPath ?? '/auth';
      const frame = markupOf(signInPage, path, {}, locale).then(
        (markup) => ({
          markup,
          css: assetsOf(indexHtml, signInPage).css,
          session: signInPage.session,
        }),
        (error: unknown) => {
          log.error({ err: error, path }, 'sign-in frame failed; signed-in pages go without it');
          return undefined;
        },
      );
      signInFrame = { indexHtml, frame };
      signInFrames.set(locale, signInFrame);
    }
    return signInFrame.frame;
  };

  const render = (
    page: FramedPage,
    indexHtml: string,
    path: string,
    data: FrameData,
    locale: AppLocale,
  ) =>
    Promise.all([
      markupOf(page, path, data, locale),
      page.session === 'signed-in' ? signInFrameFor(indexHtml, locale) : undefined,
    ])
      .then(([markup, forSignedOut]) =>
        withFrame(
          indexHtml,
          { markup, session: page.session, ...assetsOf(indexHtml, page) },
          forSignedOut,
        ),
      )
      .catch((error: unknown) => {
        // Kept as "no frame" for this build: one log line, not one per visit.
        log.error({ err: error, path }, 'page frame failed; serving the plain shell');
        return null;
      });

  // A frame is the same for every visitor of a language: rendered on a page's first request per
  // index.html version and language. Frames drawn with an event are keyed by the event too, the
  // least recently asked dropped past MAX_FRAMES_WITH_DATA.
  const plainFrames = new Map<string, CachedFrame>();
  const eventFrames = new Map<string, CachedFrame>();
  return {
    async htmlFor(path, data = {}, locale = 'en') {
      const page = framedPageFor(path);
      if (!page) return null;
      const indexHtml = await readIndexHtml().catch((error: unknown) => {
        log.error({ err: error, path }, 'index.html unreadable; no page frame');
        return null;
      });
      if (indexHtml === null) return null;
      if (data.event === undefined) {
        const key = `${locale} ${framedPages.indexOf(page)}`;
        const cached = plainFrames.get(key);
        if (cached?.indexHtml === indexHtml) return cached.html;
        const html = render(page, indexHtml, page.renderPath ?? path, {}, locale);
        plainFrames.set(key, { indexHtml, html });
        return html;
      }
      const key = `${locale} ${path} ${JSON.stringify(data)}`;
      const cached = eventFrames.get(key);
      eventFrames.delete(key);
      const html =
        cached?.indexHtml === indexHtml ? cached.html : render(page, indexHtml, path, data, locale);
      eventFrames.set(key, { indexHtml, html });
      const oldest = eventFrames.keys().next().value;
      if (eventFrames.size > MAX_FRAMES_WITH_DATA && oldest !== undefined) {
        eventFrames.delete(oldest);
      }
      return html;
    },
  };
}
