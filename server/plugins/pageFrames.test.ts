import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientConfig } from '../../contract/config.ts';
import type { Event } from '../../contract/events.ts';
import { ownTilesMapConfig } from '../../contract/maps.ts';
import { frameKindFor, frameKinds } from '../../contract/pageFrame.ts';
import { AFTER_PAINT } from '../clientManifest.ts';
import {
  assertRenderedWhole,
  framedPageFor,
  framedPages,
  loadPageFrames,
  shellOnly,
  withFrame,
} from './pageFrames.ts';

const indexHtml =
  '<!doctype html><html><head><title>FamJam</title></head><body><div id="root"></div></body></html>';

const config: ClientConfig = {
  firebase: { apiKey: 'k', authDomain: 'd', projectId: 'demo-famjam' },
  authEmulator: false,
  legal: { company: 'FamJam Test Co', supportEmail: 'help@example.com' },
  ads: null,
  music: { spotify: false, appleMusic: null },
  map: ownTilesMapConfig,
  push: {
    vapidPublicKey:
      'BLAmV-luWLisX2nr9awPE8NzzkJfGye5pa5yBQp_U2b_c63yDDJLCvfhgIUdrezTUuEneKTQ8bgEUnnrJXXKu5M',
  },
};

describe('withFrame', () => {
  it("puts the page's stylesheets and chunk preloads in <head> and the frame in #root", () => {
    const html = withFrame(indexHtml, {
      markup: '<link rel="preload" as="image" href="/images/a.svg"/><main><h1>Hi</h1></main>',
      css: ['assets/home-1.css'],
      js: ['assets/home-2.js'],
      session: 'signed-in',
    });
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/home-1.css">');
    // Fetched once the frame is painted (public/theme-init.js), not before.
    expect(head).toContain(`<link rel="${AFTER_PAINT}" href="/assets/home-2.js">`);
    expect(head).not.toContain('modulepreload');
    expect(head).toContain('<link rel="preload" as="image" href="/images/a.svg"/>');
    expect(html).toContain('<div id="root" data-frame="signed-in"><main><h1>Hi</h1></main></div>');
  });

  it("keeps '$&' and \"$'\" in a frame's text as written", () => {
    const html = withFrame(indexHtml, {
      markup: "<p>Tickets $& more, $' off</p>",
      css: [],
      js: [],
      session: 'anyone',
    });
    expect(html).toContain("<p>Tickets $& more, $' off</p>");
  });

  it('drops inline scripts: the CSP refuses them and a frame runs none', () => {
    const html = withFrame(indexHtml, {
      markup: '<main>a</main><script>scrollTo(0, 10)</script>',
      css: [],
      js: [],
      session: 'signed-out',
    });
    expect(html).not.toContain('scrollTo');
    expect(html).toContain('<div id="root" data-frame="signed-out"><main>a</main></div>');
  });
});

describe('a frame that failed in part, and shell-only frames', () => {
  it('refuses markup with a client-render fallback (it carries the error)', () => {
    expect(() =>
      assertRenderedWhole('<div><!--$!--><template data-msg="boom"></template></div>', '/saved'),
    ).toThrow('part of the frame of /saved failed to render on the server');
    expect(assertRenderedWhole('<div><!--$-->ok<!--/$--></div>', '/')).toBe(
      '<div><!--$-->ok<!--/$--></div>',
    );
  });

  it('keeps the header and bottom bar but empties the main landmark', () => {
    const markup =
      '<header>FamJam</header><main id="main-content" tabindex="-1"><h1>Profile</h1><p>Not specified</p></main><nav>Home</nav>';
    expect(shellOnly(markup)).toBe(
      '<header>FamJam</header><main id="main-content" tabindex="-1"></main><nav>Home</nav>',
    );
  });
});

describe('framedPages', () => {
  it('frames home, search, saved, profile, event details, sign-in and the legal pages', () => {
    for (const path of [
      '/',
      '/search',
      '/saved',
      '/profile',
      '/event/ical%3Aparty',
      '/auth',
      '/privacy-policy',
      '/terms-of-service',
    ]) {
      expect(framedPageFor(path), path).toBeDefined();
    }
    expect(framedPageFor('/event/ical%3Aparty')?.renderPath).toBe('/event/frame');
  });

  it('leaves onboarding, polls, editing and unknown paths to the plain shell', () => {
    for (const path of ['/onboarding', '/poll/abc', '/profile/edit', '/nowhere', '/event/a/b']) {
      expect(framedPageFor(path), path).toBeUndefined();
    }
  });

  it("agrees with the service worker's kinds of page (contract/pageFrame.ts) on every path", () => {
    const paths = ['/', '/search', '/saved', '/profile', '/event/ical%3Aparty', '/auth'];
    paths.push('/privacy-policy', '/terms-of-service', '/onboarding', '/event/a/b', '/nowhere');
    for (const path of paths) {
      const page = framedPageFor(path);
      const kind = frameKindFor(path);
      // The worker's frame of a kind is drawn from the path the server draws that page from.
      expect(kind === 'shell' ? null : frameKinds[kind], path).toBe(
        page ? (page.renderPath ?? page.path) : null,
      );
    }
    // Every page the server frames is a kind of its own in the worker.
    const kinds = framedPages.map((page) => frameKindFor(page.renderPath ?? String(page.path)));
    expect(new Set(kinds).size).toBe(framedPages.length);
    expect(kinds).not.toContain('shell');
  });
});

describe('loadPageFrames', () => {
  let staticDir: string;
  let root: string;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'famjam-frames-'));
    staticDir = join(root, 'client');
    await mkdir(join(staticDir, '.vite'), { recursive: true });
    await mkdir(join(root, 'prerender'), { recursive: true });
    await writeFile(
      join(staticDir, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', isEntry: true, css: ['assets/index-1.css'] },
        'src/boot/startApp.tsx': {
          file: 'assets/startApp-1.js',
          isDynamicEntry: true,
          css: ['assets/startApp-1.css'],
        },
        'src/routes/_shell.tsx?tsr-split=component': {
          file: 'assets/_shell-1.js',
          css: ['assets/_shell-1.css'],
        },
        'src/routes/_shell/index.tsx?tsr-split=component': { file: 'assets/home-1.js' },
        'src/app/firebase.ts': { file: 'assets/firebase-1.js', isDynamicEntry: true },
      }),
    );
  });

  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  async function renderer(source: string) {
    await writeFile(join(root, 'prerender', 'renderFrame.js'), source);
    const log = { error: vi.fn() };
    const frames = await loadPageFrames(staticDir, config, async () => indexHtml, log);
    if (!frames) throw new Error('expected frames');
    return { frames, log };
  }

  it('renders a page once with the served configuration, with its own assets', async () => {
    const { frames } = await renderer(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the stand-in renderer's own source
      'let calls = 0;\nexport async function renderFrame(path, config, signedIn) {\n  calls += 1;\n  return `<main>${path} ${config.legal.company} ${signedIn} ${calls}</main>`;\n}\n',
    );
    const first = await frames.htmlFor('/');
    expect(first).toContain(
      '<div id="root" data-frame="signed-in"><main>/ FamJam Test Co true 1</main></div>',
    );
    expect(first).toContain('href="/assets/_shell-1.css"');
    expect(first).toContain(`<link rel="${AFTER_PAINT}" href="/assets/home-1.js">`);
    // Boot loads Firebase before anything renders: it downloads beside the page's chunks.
    expect(first).toContain(`<link rel="${AFTER_PAINT}" href="/assets/firebase-1.js">`);
    // The entry's and the startup stages' own files are index.html's already.
    expect(first).not.toContain('href="/assets/index-1.css"');
    expect(first).not.toContain('startApp-1');
    expect(await frames.htmlFor('/')).toBe(first);
    expect(await frames.htmlFor('/onboarding')).toBeNull();
  });

  it("draws a page in the visitor's language, once per language, its sign-in frame too", async () => {
    const { frames } = await renderer(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the stand-in renderer's own source
      'let calls = 0;\nexport async function renderFrame(path, config, signedIn, data, locale) {\n  calls += 1;\n  return `<main>${path} ${locale} ${calls}</main>`;\n}\n',
    );
    const spanish = await frames.htmlFor('/', {}, 'es');
    expect(spanish).toMatch(/<div id="root" data-frame="signed-in"><main>\/ es \d<\/main><\/div>/);
    expect(spanish).toMatch(/<main>\/auth es \d<\/main>/);
    const english = await frames.htmlFor('/');
    expect(english).toMatch(/<main>\/ en \d<\/main>/);
    expect(english).toMatch(/<main>\/auth en \d<\/main>/);
    expect(await frames.htmlFor('/', {}, 'es')).toBe(spanish);
    expect(await frames.htmlFor('/', {}, 'en')).toBe(english);
  });

  it('gives a signed-in page the sign-in frame for visitors not known as signed in', async () => {
    const { frames } = await renderer(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the stand-in renderer's own source
      'export async function renderFrame(path, config, signedIn) {\n  return `<main>${path} ${signedIn}</main>`;\n}\n',
    );
    const home = await frames.htmlFor('/');
    expect(home).toContain(
      '<div id="root" data-frame="signed-in"><main>/ true</main></div><div data-alternate-frame data-frame="signed-out"><main>/auth false</main></div>',
    );
    const shared = await frames.htmlFor('/event/ical%3Aparty', {
      event: { id: 'ical:party', title: 'Bubble Festival' } as unknown as Event,
    });
    expect(shared).toContain('data-frame="signed-out"><main>/auth false</main></div>');
    // The sign-in page and the legal pages are one frame for everyone they are drawn for.
    expect(await frames.htmlFor('/auth')).not.toContain('data-alternate-frame');
    expect(await frames.htmlFor('/privacy-policy')).not.toContain('data-alternate-frame');
  });

  it('keeps a signed-in page its own frame when the sign-in frame fails to render', async () => {
    const { frames, log } = await renderer(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the stand-in renderer's own source
      "export async function renderFrame(path) {\n  if (path === '/auth') throw new Error('no sign-in frame');\n  return `<main>${path}</main>`;\n}\n",
    );
    const home = await frames.htmlFor('/');
    expect(home).toContain('<div id="root" data-frame="signed-in"><main>/</main></div>');
    expect(home).not.toContain('data-alternate-frame');
    expect(await frames.htmlFor('/search')).toContain('<main>/search</main>');
    expect(log.error).toHaveBeenCalledTimes(1);
  });

  it("draws a shared event's page with the event, at its own path", async () => {
    const { frames } = await renderer(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the stand-in renderer's own source
      'export async function renderFrame(path, config, signedIn, data) {\n  return `<main>${path} ${data.event?.title ?? "no event"}</main>`;\n}\n',
    );
    const event = { id: 'ical:party', title: 'Bubble Festival' } as unknown as Event;
    expect(await frames.htmlFor('/event/ical%3Aparty', { event })).toContain(
      '<main>/event/ical%3Aparty Bubble Festival</main>',
    );
    expect(await frames.htmlFor('/event/unknown')).toContain('<main>/event/frame no event</main>');
  });

  it('serves no frame, and logs once, when the page fails to render', async () => {
    const { frames, log } = await renderer(
      'export async function renderFrame() {\n  return \'<div><!--$!--><template data-msg="Error: at /srv/app.js"></template></div>\';\n}\n',
    );
    expect(await frames.htmlFor('/')).toBeNull();
    expect(await frames.htmlFor('/')).toBeNull();
    // Once for the page, once for the sign-in frame it carries; not again on the second visit.
    expect(log.error).toHaveBeenCalledTimes(2);
  });

  it('is null for a build without the server bundle', async () => {
    const frames = await loadPageFrames(staticDir, config, async () => indexHtml, {
      error: vi.fn(),
    });
    expect(frames).toBeNull();
  });
});
