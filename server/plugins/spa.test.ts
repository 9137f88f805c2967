import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownTilesMapConfig } from '../../contract/maps.ts';
import { FRAME_VERSION_FILE, frameKinds } from '../../contract/pageFrame.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { events } from '../db/schema/index.ts';
import { messagesIn } from '../i18n.ts';
import { buildFixtureApp, fixtureEvents } from '../test/fixtureApp.ts';
import type { FamJamApp } from '../types.ts';
import {
  embeddedConfigBlock,
  inLanguage,
  signInServiceOrigins,
  withEmbeddedConfig,
} from './spa.ts';

/*
 * `/event/:id` answers the app's index.html with the event's Open Graph and Twitter card tags,
 * so a shared link previews in messaging apps; an unknown id gets the plain shell.
 */

// Shaped like the real index.html: a title, a description meta over several lines, a script.
const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>FamJam</title>
    <meta
      name="description"
      content="FamJam helps families find events."
    />
    <script type="module" src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

const hostileTitle = `</title><script>alert("x")</script> Tom & Jerry's "Big" <Show> $& $1`;
const hostileDescription = `"><script>alert(1)</script><img src=x onerror=alert(2)> ${'Fun for everyone. '.repeat(12)}`;

let app: FamJamApp;
let handle: DatabaseHandle;
let staticDir: string;

beforeAll(async () => {
  staticDir = await mkdtemp(join(tmpdir(), 'famjam-preview-'));
  await writeFile(join(staticDir, 'index.html'), indexHtml);
  ({ app, handle } = await buildFixtureApp({ staticDir, publicUrl: 'https://famjam.example' }));
  const [jazz] = fixtureEvents(new Date());
  if (!jazz) throw new Error('the fixtures have no events');
  await handle.db.insert(events).values([
    {
      ...jazz,
      id: 'test:hostile',
      sourceId: 'hostile',
      title: hostileTitle,
      description: hostileDescription,
    },
    { ...jazz, id: 'test:no-image', sourceId: 'no-image', imageUrl: '', description: '' },
    {
      ...jazz,
      id: 'test:remote-image',
      sourceId: 'remote-image',
      imageUrl: 'https://images.example.com/jazz.jpg',
    },
  ]);
});

afterAll(async () => {
  await app?.close();
  await rm(staticDir, { recursive: true, force: true });
});

function unescapeHtml(text: string): string {
  return text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/** Every `<meta property|name="key" content="…">` in the page, content unescaped. */
function metaTags(html: string): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const match of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g)) {
    const [, key = '', content = ''] = match;
    found[key] = [...(found[key] ?? []), unescapeHtml(content)];
  }
  return found;
}

/**
 * A page as a visitor that names another host gets it (an address FamJam answers to, and a
 * proxy's header it does not trust): absolute URLs must come from FAMJAM_PUBLIC_URL
 * (https://famjam.example here), never from Host or a proxy's headers. A host FamJam does not
 * answer to at all gets 421 (hostCheck.test.ts).
 */
async function page(url: string) {
  const response = await app.inject({
    method: 'GET',
    url,
    headers: {
      host: '192.0.2.66:8080',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'http',
    },
  });
  expect(response.statusCode, url).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  expect(response.headers['cache-control']).toBe('no-cache');
  expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
  return response.body;
}

describe('GET /event/:id link previews', () => {
  it('describes the event in Open Graph and Twitter card tags, title and description', async () => {
    const html = await page('/event/test%3Ajazz');
    const tags = metaTags(html);
    expect(tags['og:type']).toEqual(['website']);
    expect(tags['og:site_name']).toEqual(['FamJam']);
    expect(tags['og:title']).toEqual(['Jazz Concert in the Park']);
    expect(tags['og:description']).toEqual([
      'An evening of live jazz on the lawn. Bring a blanket.',
    ]);
    expect(tags['og:url']).toEqual(['https://famjam.example/event/test%3Ajazz']);
    // A raster preview of its own (server/services/pictures/preview.ts), at the public origin.
    const preview = 'https://famjam.example/pictures/preview/test%3Ajazz.jpg';
    expect(tags['og:image']).toEqual([preview]);
    expect(tags['og:image:type']).toEqual(['image/jpeg']);
    expect(tags['og:image:width']).toEqual(['1200']);
    expect(tags['og:image:height']).toEqual(['630']);
    expect(tags['og:image:alt']?.[0]).toMatch(
      /^Jazz Concert in the Park, \w{3}, \w{3} \d{1,2} · \d{1,2}:\d{2} [AP]M at Golden Gate Park Bandshell$/,
    );
    expect(tags['twitter:card']).toEqual(['summary_large_image']);
    expect(tags['twitter:title']).toEqual(['Jazz Concert in the Park']);
    expect(tags['twitter:image']).toEqual([preview]);
    expect(html).toContain(
      '<link rel="canonical" href="https://famjam.example/event/test%3Ajazz" />',
    );
    expect(html).not.toContain('evil.example');
    expect(html).not.toContain('192.0.2.66');
    // The shell's own title and description now speak of the event, once each.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Jazz Concert in the Park · FamJam</title>');
    expect(tags.description).toEqual(['An evening of live jazz on the lawn. Bring a blanket.']);
    // The app itself still loads.
    expect(html).toContain('<script type="module" src="/assets/index-abc123.js"></script>');
    expect(html).toContain('<div id="root"></div>');
  });

  it('escapes a title and description full of HTML: text in the tags, no markup added', async () => {
    const html = await page('/event/test%3Ahostile');
    // The scripts (the shell's and the configuration block) and the one title are the
    // page's own; nothing from the event became markup.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html.match(/<\/title>/g)).toHaveLength(1);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('onerror=alert(2)>');
    const tags = metaTags(html);
    expect(tags['og:title']).toEqual([hostileTitle]);
    expect(tags['twitter:title']).toEqual([hostileTitle]);
    // '$&' and '$1' are text, not replacement patterns.
    expect(html).toContain('&lt;Show&gt; $&amp; $1 · FamJam</title>');
    const [description = ''] = tags['og:description'] ?? [];
    expect(Array.from(description)).toHaveLength(150);
    expect(description.startsWith('"><script>alert(1)</script><img src=x')).toBe(true);
    expect(description.endsWith('…')).toBe(true);
  });

  it('previews every event with its own picture, never a remote URL as the feed gave it', async () => {
    // The picture worker fetches and re-encodes a source's picture; previews never point
    // a crawler at a third party's server.
    const remote = metaTags(await page('/event/test:remote-image'));
    expect(remote['og:image']).toEqual([
      'https://famjam.example/pictures/preview/test%3Aremote-image.jpg',
    ]);
    const plain = metaTags(await page('/event/test:no-image'));
    expect(plain['og:image']).toEqual([
      'https://famjam.example/pictures/preview/test%3Ano-image.jpg',
    ]);
    expect(plain['twitter:card']).toEqual(['summary_large_image']);
    // No description of its own: where it is.
    expect(plain['og:description']).toEqual(['Golden Gate Park Bandshell, San Francisco, CA']);
  });

  it('serves the plain shell for an unknown id, still 200 for the client to say so', async () => {
    const shell = await plainShell();
    for (const url of ['/event/test%3Anope', `/event/${'x'.repeat(300)}`]) {
      expect(await page(url), url).toBe(shell);
    }
  });

  it('answers an id longer than any event id with 414 JSON, as the API does', async () => {
    const response = await app.inject({ method: 'GET', url: `/event/${'x'.repeat(301)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({
      error: 'uri_too_long',
      message: 'A part of the URL path is longer than 300 characters.',
    });
  });

  it('leaves every other client route as the plain shell', async () => {
    const shell = await plainShell();
    for (const url of ['/', '/event-detail', '/event/test%3Ajazz/extra', '/saved']) {
      expect(await page(url), url).toBe(shell);
    }
  });
});

describe("a page in the visitor's language (Accept-Language)", () => {
  async function pageIn(url: string, acceptLanguage: string) {
    const response = await app.inject({
      method: 'GET',
      url,
      headers: { 'accept-language': acceptLanguage },
    });
    expect(response.statusCode, url).toBe(200);
    expect(String(response.headers.vary)).toMatch(/accept-language/i);
    return response.body;
  }

  it('gives a Spanish-speaking visitor a Spanish page, the shared event in its own words', async () => {
    const signIn = await pageIn('/auth', 'es-MX,es;q=0.9,en;q=0.8');
    expect(signIn).toContain('<html lang="es">');
    expect(/<meta\s+name="description"\s+content="([^"]*)"/.exec(signIn)?.[1]).toBe(
      'FamJam ayuda a familias y adultos a encontrar eventos, conciertos, lugares para comer y ofertas cerca de ti, con el modo Apto para familias para salir con los niños.',
    );
    const shared = await pageIn('/event/test%3Ajazz', 'es');
    expect(shared).toContain('<html lang="es">');
    const tags = metaTags(shared);
    expect(tags.description).toEqual(['An evening of live jazz on the lawn. Bring a blanket.']);
    expect(tags['og:title']).toEqual(['Jazz Concert in the Park']);
  });

  it('keeps the English page as built for English, and for a language FamJam does not speak', async () => {
    const shell = await plainShell();
    expect(await pageIn('/saved', 'en-US,en;q=0.9')).toBe(shell);
    expect(await pageIn('/saved', 'fr-FR')).toBe(shell);
  });

  it("writes index.html's own words in Spanish, and leaves English as index.html has them", () => {
    const built = readFileSync(join(import.meta.dirname, '..', '..', 'index.html'), 'utf8');
    const english = messagesIn('en');
    // The catalogue's English is index.html's, word for word.
    expect(built).toContain(`content="${english.t('server.page.description')}"`);
    expect(built).toContain(`<noscript>${english.t('server.page.noscript')}</noscript>`);
    expect(inLanguage(built, 'en')).toBe(built);
    const spanish = inLanguage(built, 'es');
    expect(spanish).toContain('<html lang="es">');
    expect(spanish).toContain(
      '<noscript>FamJam necesita JavaScript para encontrar eventos cerca de ti. Actívalo y vuelve a cargar la página.</noscript>',
    );
    expect(spanish).toContain('content="FamJam ayuda a familias');
    expect(spanish).not.toContain(english.t('server.page.description'));
  });
});

/** index.html as every page is served: with the configuration GET /api/config answers. */
async function plainShell(): Promise<string> {
  const config = (await app.inject({ method: 'GET', url: '/api/config' })).json();
  return withEmbeddedConfig(indexHtml, embeddedConfigBlock(config));
}

describe('the configuration written into every page', () => {
  it('is what GET /api/config answers, in a JSON block in <head> that runs nothing', async () => {
    const config = (await app.inject({ method: 'GET', url: '/api/config' })).json();
    for (const url of ['/', '/auth', '/event/test%3Ajazz']) {
      const html = await page(url);
      const block = /<script type="application\/json" id="famjam-config">(.*?)<\/script>/.exec(
        html,
      );
      expect(block, url).not.toBeNull();
      expect(html.indexOf(block?.[0] ?? ''), url).toBeLessThan(html.indexOf('</head>'));
      expect(JSON.parse(block?.[1] ?? ''), url).toEqual(config);
    }
  });

  it('comes with a preconnect to the sign-in service the configuration names', async () => {
    const config = (await app.inject({ method: 'GET', url: '/api/config' })).json();
    // The emulator is reached through this origin: nothing to open early.
    expect(config.authEmulator).toBe(true);
    for (const url of ['/', '/auth', '/event/test%3Ajazz']) {
      const html = await page(url);
      expect(html.slice(0, html.indexOf('</head>')), url).not.toContain('rel="preconnect"');
    }
    const projectBlock = embeddedConfigBlock({ ...config, authEmulator: false });
    expect(projectBlock).toContain(
      '<link rel="preconnect" href="https://identitytoolkit.googleapis.com" crossorigin>',
    );
    // A real project: Google's sign-in and token endpoints.
    expect(signInServiceOrigins({ ...config, authEmulator: false })).toEqual([
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
    ]);
  });

  it('cannot be closed early by a value: "<" is escaped', () => {
    const config = {
      firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p' },
      authEmulator: false,
      legal: { company: '</script><script>alert(1)</script>', supportEmail: 'a@b.example' },
      ads: null,
      music: { spotify: false, appleMusic: null },
      map: ownTilesMapConfig,
      push: {
        vapidPublicKey:
          'BLAmV-luWLisX2nr9awPE8NzzkJfGye5pa5yBQp_U2b_c63yDDJLCvfhgIUdrezTUuEneKTQ8bgEUnnrJXXKu5M',
      },
    };
    const html = withEmbeddedConfig(
      '<html><head></head><body></body></html>',
      embeddedConfigBlock(config),
    );
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const json = /<script type="application\/json" id="famjam-config">(.*?)<\/script>/.exec(html);
    expect(JSON.parse(json?.[1] ?? '')).toEqual(config);
  });
});

describe("GET /page-frames/{locale}/{kind}, the service worker's precached frames", () => {
  it('answers each kind of page in each language as its page would, without the configuration', async () => {
    for (const kind of Object.keys(frameKinds)) {
      const english = await app.inject({ method: 'GET', url: `/page-frames/en/${kind}?v=abc` });
      expect(english.statusCode, kind).toBe(200);
      expect(english.headers['content-type'], kind).toBe('text/html; charset=utf-8');
      // This build has no server bundle: every kind is the plain shell, as its page is.
      expect(english.body, kind).toBe(indexHtml);
      // The worker keeps it: a deployer's new configuration must reach the page all the same.
      expect(english.body, kind).not.toContain('famjam-config');
      // The worker answers the page with it: the page's own robots rule.
      const isPublic = ['auth', 'privacyPolicy', 'termsOfService', 'event'].includes(kind);
      expect(english.headers['x-robots-tag'], kind).toBe(isPublic ? undefined : 'noindex');
      const spanish = await app.inject({ method: 'GET', url: `/page-frames/es/${kind}` });
      expect(spanish.body, kind).toBe(inLanguage(indexHtml, 'es'));
      expect(spanish.body, kind).toContain('<html lang="es">');
    }
  });

  it("answers another build's frame version with a 404, and this build's as the page", async () => {
    await writeFile(join(staticDir, FRAME_VERSION_FILE), 'build-b\n');
    const { app: versioned } = await buildFixtureApp({
      staticDir,
      publicUrl: 'https://famjam.example',
    });
    try {
      const old = await versioned.inject({ method: 'GET', url: '/page-frames/en/home?v=build-a' });
      expect(old.statusCode).toBe(404);
      expect(old.headers['content-type']).toMatch(/^application\/json/);
      const current = await versioned.inject({
        method: 'GET',
        url: '/page-frames/en/home?v=build-b',
      });
      expect(current.statusCode).toBe(200);
      expect(current.body).toBe(indexHtml);
    } finally {
      await versioned.close();
      await rm(join(staticDir, FRAME_VERSION_FILE), { force: true });
    }
  });

  it('answers a language FamJam does not speak, or a kind it has no frame for, with a 404', async () => {
    for (const url of ['/page-frames/fr/home', '/page-frames/en/onboarding']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });
});
