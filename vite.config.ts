import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, searchForWorkspaceRoot } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { startupStageSources } from './contract/pageFrame.ts';
import { FRAME_WORKER_FILE, frameWorker } from './scripts/lib/viteFrameWorker.ts';
import { shortMessageIds } from './scripts/lib/viteShortMessageIds.ts';
import { AFTER_PAINT } from './server/clientManifest.ts';
import type { PageFramesGlobal } from './src/app/frameWorkerEntry.ts';

// The API runs on its own port in dev (scripts/start.ts --dev); Vite proxies /api to it so the
// browser only ever sees one origin, exactly as in production where Fastify serves the build.
const apiTarget = process.env.FAMJAM_API_ORIGIN ?? 'http://127.0.0.1:8787';

/**
 * What the dev server (and Vitest) may read from disk: the project, plus the VTIMEZONE files
 * that Export to Calendar imports raw from @touch4it/ical-timezones (calendarFile.ts). Vite
 * checks real paths, and where node_modules is a symlink (git worktrees sharing one) those
 * files lie outside the project; allowing that one folder keeps the rest of the disk closed.
 */
export const fsAllow = [
  searchForWorkspaceRoot(process.cwd()),
  realpathSync(
    fileURLToPath(new URL('./node_modules/@touch4it/ical-timezones/zones', import.meta.url)),
  ),
];

/** Where the build puts the lazily loaded time-zone chunks (see chunkFileNames). */
const TIMEZONE_CHUNK_DIR = 'assets/tz';

/**
 * `vite build --ssr` (npm run build's second step) makes the server bundle that renders page
 * frames (src/prerender/renderFrame.tsx, server/plugins/pageFrames.ts): no service worker, no
 * public files, no manifest; the client build's class names and chunks are what it must match.
 */
const serverBundle = {
  outDir: 'dist/prerender',
  copyPublicDir: false,
  emptyOutDir: true,
  sourcemap: true,
} as const;

/**
 * The app's scripts, started after the first paint instead of by the parser. A module script
 * that has arrived by the time the HTML is parsed runs before the browser paints, so the page
 * frame (server/plugins/pageFrames.ts), which needs no script, waited for all of React, the
 * router and the gate to evaluate: on a mid-range phone that was most of the home page's 3 s to
 * first paint. Every script becomes a link marked rel=famjam-after-paint (the entry also
 * data-app-entry), which public/theme-init.js turns into preloads and the entry script once a
 * frame has been painted. The startup stages src/main.tsx imports one by one join the list, with
 * their stylesheets, so they are fetched together with the entry instead of one after another.
 */
const entryAfterFirstPaint: Plugin = {
  name: 'famjam:entry-after-first-paint',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, { bundle }) {
      const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
      const match = entry.exec(html);
      if (!match || !bundle) {
        throw new Error('index.html has no module entry script to start after paint');
      }
      const scripts = new Set<string>();
      const styles = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk' || scripts.has(fileName)) return;
        scripts.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
        for (const imported of chunk.imports) visit(imported);
      };
      let found = 0;
      for (const chunk of Object.values(bundle)) {
        const source = chunk.type === 'chunk' ? chunk.facadeModuleId : null;
        if (source && startupStageSources.some((stage) => source.endsWith(`/${stage}`))) {
          found += 1;
          visit(chunk.fileName);
        }
      }
      if (found !== startupStageSources.length) {
        throw new Error(`found ${found} of the ${startupStageSources.length} startup stage chunks`);
      }
      const extra = [
        ...[...styles]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
        ...[...scripts]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => `<link rel="${AFTER_PAINT}" href="/${file}">`),
      ].join('');
      return html
        .replace(entry, `<link rel="${AFTER_PAINT}" href="${match[1]}" data-app-entry>`)
        .replaceAll(
          /<link rel="modulepreload" crossorigin href="([^"]+)">/g,
          `<link rel="${AFTER_PAINT}" href="$1">`,
        )
        .replace('</head>', `${extra}</head>`);
    },
  },
};

/**
 * The scripts every page has run before any dynamic import: the entry, the startup stages
 * src/main.tsx imports (contract/pageFrame.ts) and their static imports. Worked out from the
 * bundle before Vite writes the preload lists (startupScripts.plugin's generateBundle runs first),
 * for `modulePreload.resolveDependencies` below: each dynamic import's list of files to preload
 * leaves these out, since they are loaded already. Listed, they were about 2.5 KB gzipped of
 * file names in /'s first load (the route tree's lazy routes each named ten of them), and the
 * preload helper skipped them anyway.
 */
const startupScripts = (() => {
  let files: Set<string> | null = null;
  const plugin: Plugin = {
    name: 'famjam:startup-scripts',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const found = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk' || found.has(fileName)) return;
          found.add(fileName);
          for (const imported of chunk.imports) visit(imported);
        };
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          const source = chunk.facadeModuleId;
          const stage = source && startupStageSources.some((file) => source.endsWith(`/${file}`));
          if (chunk.isEntry || stage) visit(chunk.fileName);
        }
        files = found;
      },
    },
  };
  const notLoadedYet = (deps: string[]): string[] => {
    if (!files) {
      throw new Error('preload lists were resolved before famjam:startup-scripts saw the bundle');
    }
    const loaded = files;
    return deps.filter((dep) => !loaded.has(dep));
  };
  return { plugin, notLoadedYet };
})();

/**
 * react-aria's default-locale module, swapped for src/boot/englishLocale.ts in production builds
 * (tests and dev keep the library's own). See that file for why; the build fails if react-aria
 * stops importing the module under this name, rather than silently keeping the Intl calls.
 */
const englishLocaleModule = fileURLToPath(new URL('./src/boot/englishLocale.ts', import.meta.url));
const englishOnlyLocale: Plugin = {
  name: 'famjam:english-only-locale',
  apply: 'build',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (!source.endsWith('/useDefaultLocale.mjs') || !importer?.includes('/react-aria/')) {
      return null;
    }
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    if (!resolved?.id.endsWith('/react-aria/dist/private/i18n/useDefaultLocale.mjs')) return null;
    return englishLocaleModule;
  },
  buildEnd(error) {
    // Only a build that bundles react-aria's i18n code must have swapped it (the service
    // worker's build, for one, has none).
    const i18nBundled = [...this.getModuleIds()].some((id) =>
      id.includes('/react-aria/dist/private/i18n/'),
    );
    if (!error && i18nBundled && !this.getModuleInfo(englishLocaleModule)) {
      this.error(
        "react-aria's i18n/useDefaultLocale.mjs was not swapped: update englishOnlyLocale",
      );
    }
  },
};

/** The service worker's push script (issue 34), at the root beside sw.js. */
const PUSH_WORKER_FILE = 'push-sw.js';

/**
 * Builds src/app/pushWorkerEntry.ts (the `push` and `notificationclick` handlers) into
 * dist/client/push-sw.js as a classic script, which the generated worker loads with Workbox's
 * `importScripts`. Why not injectManifest: that would mean writing the whole worker by hand
 * (precache, navigation fallback, the five runtime caches below), where two event listeners are
 * all push needs; generateSW keeps every rule here as it is, and the handlers stay TypeScript with
 * their own unit tests. A separate build because importScripts takes no modules: the app's
 * Rollup output is ES modules, this one an IIFE with nothing shared.
 */
const pushWorkerScript: Plugin = {
  name: 'famjam:push-worker',
  apply: 'build',
  async generateBundle() {
    const result = await build({
      configFile: false,
      logLevel: 'warn',
      publicDir: false,
      build: {
        write: false,
        minify: true,
        sourcemap: false,
        lib: {
          entry: fileURLToPath(new URL('./src/app/pushWorkerEntry.ts', import.meta.url)),
          formats: ['iife'],
          name: 'famjamPushWorker',
          fileName: () => PUSH_WORKER_FILE,
        },
      },
    });
    const outputs = (Array.isArray(result) ? result : [result]).flatMap((out) =>
      'output' in out ? out.output : [],
    );
    const chunk = outputs.find((file) => file.type === 'chunk');
    if (chunk?.type !== 'chunk') throw new Error('the push worker build made no script');
    this.emitFile({ type: 'asset', fileName: PUSH_WORKER_FILE, source: chunk.code });
  },
};

/** The service worker's page frames (issue 36): scripts/lib/viteFrameWorker.ts. */
const pageFrameWorker = frameWorker();

export default defineConfig(({ command, isSsrBuild }) => ({
  resolve: {
    // @xstate/react imports useSyncExternalStore through the package's shim for React 17 and
    // older, which ships its fallback store code in every first load; React 19 has the hook
    // itself, and the package's plain entries use React's (about 0.4 KB gzipped, issue 36).
    alias: [
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector',
      },
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: 'use-sync-external-store',
      },
      // Production builds only: the recipes' runtime without Babel's object-spread helpers
      // (src/styles/recipeRuntime.ts, held to the library's by its test, which needs the
      // library's own module, as tests and the dev server keep it).
      ...(command === 'build'
        ? [
            {
              find: /^@vanilla-extract\/recipes\/createRuntimeFn$/,
              replacement: fileURLToPath(new URL('./src/styles/recipeRuntime.ts', import.meta.url)),
            },
          ]
        : []),
    ],
  },
  plugins: [
    // Before the other transforms see the code: the message ids become short keys (issue 35).
    {
      ...shortMessageIds(fileURLToPath(new URL('./locales', import.meta.url))),
      enforce: 'pre' as const,
    },
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    vanillaExtractPlugin(),
    // The app speaks English only (SPEC's texts): react-aria's built-in strings for its other
    // 30-odd locales (date pickers, dialogs, live announcements) would ship on every route.
    // Only production builds are stripped, so dev and tests behave as the library ships.
    { ...optimizeLocales.vite({ locales: ['en-US'] }), apply: 'build' },
    englishOnlyLocale,
    isSsrBuild ? null : entryAfterFirstPaint,
    isSsrBuild ? null : startupScripts.plugin,
    isSsrBuild ? null : pushWorkerScript,
    isSsrBuild ? null : pageFrameWorker,
    isSsrBuild
      ? null
      : VitePWA({
          // public/manifest.webmanifest is the manifest (index.html links it); the plugin only
          // builds the service worker. src/app/serviceWorker.ts registers it after the page is
          // interactive and asks before an update takes over ('prompt': nothing reloads by itself).
          manifest: false,
          injectRegister: false,
          registerType: 'prompt',
          strategies: 'generateSW',
          // No service worker under `vite dev`: it would cache modules that hot reload replaces.
          devOptions: { enabled: false },
          workbox: {
            // The shell, every route chunk (lazily loaded ones too, so a screen never visited
            // online still opens offline), the styles and the category pictures. Not the PNG
            // icons (200 KB): only the browser's installer reads them, from the network.
            globPatterns: ['**/*.{js,css,html,svg,webmanifest}'],
            // Vite's build manifest is for scripts/size.ts, not for browsers.
            // The push and page-frame scripts are the worker's own (importScripts below), not
            // files for pages.
            globIgnores: [
              '.vite/**',
              `${TIMEZONE_CHUNK_DIR}/**`,
              PUSH_WORKER_FILE,
              FRAME_WORKER_FILE,
            ],
            // The push and notificationclick handlers (pushWorkerScript above), and the page
            // frames' answer (the navigation route below); the browser checks an imported script
            // for changes with every update check of sw.js.
            importScripts: [`/${PUSH_WORKER_FILE}`, `/${FRAME_WORKER_FILE}`],
            // Every kind of page's frame in every language (issue 36), fetched from the server at
            // install with the rest: scripts/lib/viteFrameWorker.ts.
            manifestTransforms: [(entries) => pageFrameWorker.addFrames(entries)],
            // No navigate fallback (vite-plugin-pwa's default is index.html, the plain shell):
            // the first runtime route below answers every page. Nor may the precache answer '/'
            // with its index.html: '/' is the home page, which has a frame.
            navigateFallback: null,
            directoryIndex: null,
            // The first install takes control of the open page, so what it loads next is cached;
            // an update waits (skipWaiting off) until the person presses Reload in the toast.
            clientsClaim: true,
            skipWaiting: false,
            cleanupOutdatedCaches: true,
            // Matchers run inside the service worker (Workbox copies their source), so each one
            // is self-contained. First match wins; a request no rule matches goes to the network
            // untouched and is never stored.
            runtimeCaching: [
              {
                // Every page, answered at once from its precached frame in the browser's
                // language (src/app/frameWorker.ts), online or not: a repeat visit paints the page
                // without the network (issue 36), and any screen opens offline. Event pages too:
                // their generic frame, as the app then renders the event; the event's own frame
                // with its title, picture and link-preview tags is the server's, for crawlers
                // and first visits (no worker). /api (the calendar feed), /pictures (fetched
                // pictures, link previews), the map's /tiles and /maps, and the Auth emulator's
                // sign-in popup and helper frame (/emulator) are the server's, opened directly.
                urlPattern: ({ request, url, sameOrigin }) =>
                  sameOrigin &&
                  request.mode === 'navigate' &&
                  !/^\/(api|pictures|tiles|maps|emulator)\//.test(url.pathname),
                handler: ({ request }) =>
                  (self as unknown as PageFramesGlobal).famjamPageFrames.answer(request),
              },
              {
                // Signed-in reads carry an ID token: their answers are the person's own and never
                // go into the service worker's cache (the app's local cache, cleared at sign-out,
                // keeps what the offline mode needs). Only anonymous reads of public data do:
                // not those a signed-in device sends before its token (contract/publicApi.ts,
                // SIGNED_IN_READ_HEADER), which would keep its searches past its sign-out.
                urlPattern: ({ url, request, sameOrigin }) =>
                  sameOrigin &&
                  request.method === 'GET' &&
                  !request.headers.has('Authorization') &&
                  !request.headers.has('X-FamJam-Signed-In') &&
                  /^\/api\/(config$|events(\/|$)|restaurants$|geo\/)/.test(url.pathname),
                handler: 'NetworkFirst',
                options: {
                  cacheName: 'famjam-public-api',
                  // A slow connection falls back to the last answer instead of a spinner.
                  networkTimeoutSeconds: 4,
                  cacheableResponse: { statuses: [200] },
                  expiration: { maxEntries: 100, maxAgeSeconds: 7 * 24 * 60 * 60 },
                },
              },
              {
                // TIMEZONE_CHUNK_DIR, spelled out (the matcher runs in the worker). Content-hashed, so
                // never stale: a zone is kept once fetched (Export to Calendar offline).
                urlPattern: ({ url, sameOrigin }) =>
                  sameOrigin && url.pathname.startsWith('/assets/tz/'),
                handler: 'CacheFirst',
                options: {
                  cacheName: 'famjam-time-zones',
                  expiration: { maxEntries: 20, purgeOnQuotaError: true },
                },
              },
              {
                // Fetched event pictures (server/routes/pictures.ts): content-addressed and
                // immutable, so a kept one is never stale; cards seen online keep their photo
                // offline. Not the link previews, which change with the event and are for
                // crawlers.
                urlPattern: ({ url, sameOrigin }) =>
                  sameOrigin &&
                  url.pathname.startsWith('/pictures/') &&
                  !url.pathname.startsWith('/pictures/preview/'),
                handler: 'CacheFirst',
                options: {
                  cacheName: 'famjam-pictures',
                  cacheableResponse: { statuses: [200] },
                  expiration: {
                    maxEntries: 120,
                    maxAgeSeconds: 30 * 24 * 60 * 60,
                    purgeOnQuotaError: true,
                  },
                },
              },
              {
                // FamJam's own map tiles and static venue maps (server/routes/maps.ts): the same
                // address is always the same picture within a release (the server says a week),
                // so a map seen once draws offline. About 2 KB a tile: 2,000 tiles are some 4 MB,
                // dozens of map views; the least recently used go first.
                urlPattern: ({ url, sameOrigin }) =>
                  sameOrigin &&
                  (url.pathname.startsWith('/tiles/') || url.pathname.startsWith('/maps/static/')),
                handler: 'CacheFirst',
                options: {
                  cacheName: 'famjam-map-tiles',
                  cacheableResponse: { statuses: [200] },
                  expiration: {
                    maxEntries: 2000,
                    maxAgeSeconds: 30 * 24 * 60 * 60,
                    purgeOnQuotaError: true,
                  },
                },
              },
              {
                // Event and venue pictures from the importers' hosts (the category pictures under
                // /images are precached). Opaque cross-origin answers count several MB each
                // against the quota in Chromium, hence the small limit and purgeOnQuotaError.
                // Not a tile provider's map tiles (FAMJAM_MAP_TILES, docs/maps.md: any
                // '…/{z}/{x}/{y}.png'-shaped address): the worker's fetch would need the
                // provider in connect-src, 60 entries would hold a tenth of one map view, and
                // how long a provider's tiles may be kept is the provider's to say (its HTTP
                // cache headers, which the browser follows without the worker).
                urlPattern: ({ url, request, sameOrigin }) =>
                  request.destination === 'image' &&
                  !sameOrigin &&
                  !/\/\d+\/\d+\/\d+(@\dx)?\.(png|jpe?g|webp)$/.test(url.pathname),
                handler: 'CacheFirst',
                options: {
                  cacheName: 'famjam-images',
                  cacheableResponse: { statuses: [0, 200] },
                  expiration: {
                    maxEntries: 60,
                    maxAgeSeconds: 30 * 24 * 60 * 60,
                    purgeOnQuotaError: true,
                  },
                },
              },
            ],
          },
        }),
  ],
  // /pictures: the fetched event pictures and link previews the API serves (server/routes/pictures.ts);
  // /tiles and /maps: the map tiles and static venue maps it draws (server/routes/maps.ts).
  // The other three: the Auth emulator's sign-in endpoints, which the API passes on in emulator
  // mode (server/plugins/authEmulatorProxy.ts), so the browser never reaches the emulator itself.
  server: {
    proxy: {
      '/api': apiTarget,
      '/pictures': apiTarget,
      '/tiles': apiTarget,
      '/maps': apiTarget,
      '/identitytoolkit.googleapis.com': apiTarget,
      '/securetoken.googleapis.com': apiTarget,
      '/emulator': apiTarget,
    },
    fs: { allow: fsAllow },
  },
  build: isSsrBuild
    ? serverBundle
    : {
        outDir: 'dist/client',
        sourcemap: true,
        manifest: true,
        // A dynamic import preloads only what the startup has not loaded (startupScripts above).
        modulePreload: { resolveDependencies: (_file, deps) => startupScripts.notLoadedYet(deps) },
        rolldownOptions: {
          // The design system's index (src/ui/index.ts) only re-exports: marked free of side
          // effects, a screen that imports Button from it no longer makes the bundle keep every
          // component it names (the text field, the card...) on that screen's path. The modules
          // themselves keep theirs (their stylesheets).
          treeshake: {
            moduleSideEffects: [{ test: /[\\/]src[\\/]ui[\\/]index\.ts$/, sideEffects: false }],
          },
          output: {
            // Export to Calendar's VTIMEZONE files (src/features/saved/calendarFile.ts) are some
            // 470 tiny lazy chunks: in a folder of their own, the service worker can leave them out
            // of the precache (470 requests at install) and cache the one or two a person uses.
            chunkFileNames: (chunk) =>
              chunk.facadeModuleId?.includes('/@touch4it/ical-timezones/')
                ? `${TIMEZONE_CHUNK_DIR}/[name]-[hash].js`
                : 'assets/[name]-[hash].js',
            codeSplitting: {
              // The design system and the event card, with the libraries they use, as one chunk.
              // Left to itself Rolldown cuts every module two routes share into its own small chunk
              // (EventCard, the constants, useQuery...), and each file gzips on its own: once home and
              // search both list events, / went 1.5 KB over its budget in overhead alone (docs/decisions.md,
              // "Size budget"). Every screen uses these; lazily loaded parts stay in their own chunks.
              // src/api joins them: once the profile route existed, the API client and its callers
              // came apart into five small chunks of their own (/ +1.8 KB). React Query's hooks stay
              // out: grouped in, /auth (which uses none) would load 3 KB more.
              groups: [
                // The startup stages (src/main.tsx) evaluate one group of libraries each, so no
                // stage's chunk may import a later stage's: React and Vite's preload helper (the
                // entry's import, with the global styles' modules) each get a chunk of their own
                // rather than joining 'ui' as its modules' dependencies.
                {
                  name: 'react',
                  test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                  priority: 2,
                },
                {
                  name: 'libraries',
                  // React Query included: /auth uses no query, and loads 3 KB more for it, but
                  // left out it splits into small chunks that cost / and /search 2 KB each.
                  // Not its mutation hook (useMutation and its observer): no first screen
                  // changes anything through one, the forms of later screens do (`later`).
                  test: /[\\/]node_modules[\\/](@tanstack|xstate|@xstate|use-sync-external-store)[\\/](?!.*[\\/](useMutation|mutationObserver)\.js$)/,
                  priority: 2,
                },
                {
                  name: 'startup',
                  test: /vite[\\/]preload-helper|[\\/]src[\\/]styles[\\/]/,
                  priority: 2,
                },
                {
                  name: 'ui',
                  priority: 1,
                  // Not the device caches (src/api/offlineCache.ts, storage.ts): the offline
                  // list is imported lazily, after a list has loaded, and storage goes with the
                  // entry's app state; grouped in, every route's first load grew by 1 KB.
                  // Not the suggestion and operator calls (src/api/suggestions.ts, operator.ts):
                  // only Suggest, Profile and Operator load them; grouped in, +0.4 KB on every route.
                  // Nor issue 34's outreach calls: Profile, onboarding's last step and Search's
                  // watch button (on its first press) load them, no first load.
                  // Not the dialog sheet, the alert dialog and the menu: loaded on first open, with
                  // react-aria's overlay code, so no first load carries them (issue 16).
                  // The Firebase loader (not the SDK) joins too: the API client's token source
                  // since the client stopped importing it, shared by the entry and lazy chunks,
                  // and a file of its own (+0.3 KB) otherwise.
                  // The address checks (src/app/searchParams.ts, with dateFilter.ts) and the
                  // bell's query hook join for the same reason: every route's startup path
                  // loads them (the router's tree, the header), and as three files of their own
                  // they cost every first load 1.3 KB more (issue 33).
                  // Not what no first screen uses (issue 36): the text field, which the sign-in
                  // and Search screens load in the `fields` chunk below, and the card, the
                  // external link button, the share link and the geocoding calls (`later`).
                  test: /[\\/]src[\\/](ui[\\/](?!(ModalSheet|AlertDialog|Menu|TextField|Card|ExternalLinkButton)\.tsx)|features[\\/]events[\\/](?!shareLink\.ts)|api[\\/](?!(offlineCache|storage|suggestions|operator|outreach|geo)\.ts)|app[\\/](firebaseLoader|searchParams)\.ts|domain[\\/]dateFilter\.ts|features[\\/]notifications[\\/]useNotifications\.ts)/,
                  minShareCount: 2,
                },
                {
                  // The text field with react-aria's field, label and validation code: the
                  // sign-in screen, Search and the forms of later screens use it, home does not
                  // (in `ui`, it cost / 3 KB; as a chunk of its own, /auth and /search pay about
                  // 1 KB for the extra file).
                  name: 'fields',
                  priority: 0.5,
                  test: /[\\/]src[\\/]ui[\\/]TextField\.tsx$/,
                },
                {
                  // Shared by later screens only: one chunk for them rather than a few small ones.
                  // Should a first screen start using one, it belongs in `ui` again (`npm run
                  // size -- --chunks` would list `later` in that route's first load).
                  name: 'later',
                  priority: 0.5,
                  test: /[\\/](src[\\/](ui[\\/](Card|ExternalLinkButton)\.tsx|features[\\/]events[\\/]shareLink\.ts|api[\\/]geo\.ts)|@tanstack[\\/](react-query|query-core)[\\/]build[\\/]modern[\\/](useMutation|mutationObserver)\.js)$/,
                  minShareCount: 2,
                },
                {
                  // What Search shows of the map before the map's code is fetched (the switch,
                  // the map's place, its failure) and the box's full check: both shared with
                  // the map's lazy chunks, so each would be a small file of its own on /search.
                  name: 'mapPlace',
                  test: /[\\/](src[\\/]features[\\/]map[\\/]MapPlace\.tsx|contract[\\/]boundingBox\.ts)$/,
                  minShareCount: 2,
                },
              ],
            },
          },
        },
      },
}));
