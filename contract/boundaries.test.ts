import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';

/**
 * The arrows run one way: the browser app (src/) may import the contract, never the reverse,
 * and the server and scripts share with the client only through contract/. An import from src/
 * would drag client code (React, Firebase's browser SDK, DOM globals) into the server and make
 * `src/` a second home for what client and server share.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const clientRoot = join(root, 'src') + sep;
const guardedFolders = ['contract', 'server', 'scripts'];

function typeScriptFilesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Every module a file names: imports, re-exports and dynamic imports with a literal path. */
function importSpecifiers(fileName: string, source: string): string[] {
  const parsed = parseSync(fileName, source, { lang: fileName.endsWith('x') ? 'tsx' : 'ts' });
  if (parsed.errors.length > 0) {
    throw new Error(`${fileName} does not parse: ${parsed.errors[0]?.message}`);
  }
  const { staticImports, staticExports, dynamicImports } = parsed.module;
  return [
    ...staticImports.map((entry) => entry.moduleRequest.value),
    ...staticExports.flatMap((entry) =>
      entry.entries.flatMap((exported) =>
        exported.moduleRequest ? [exported.moduleRequest.value] : [],
      ),
    ),
    ...dynamicImports.flatMap(({ moduleRequest }) => {
      const literal = /^(['"`])(.*)\1$/s.exec(source.slice(moduleRequest.start, moduleRequest.end));
      return literal?.[2] === undefined ? [] : [literal[2]];
    }),
  ];
}

/** The file a relative specifier names; null for packages ('fastify', 'node:fs'). */
function resolvedPath(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.') && !specifier.startsWith('/')) return null;
  return resolve(dirname(file), specifier);
}

function offendingImports(files: string[], forbidden: (target: string) => boolean): string[] {
  return files.flatMap((file) =>
    importSpecifiers(file, readFileSync(file, 'utf8'))
      .filter((specifier) => {
        const target = resolvedPath(file, specifier);
        return target !== null && forbidden(target);
      })
      .map((specifier) => `${relative(root, file)} imports ${specifier}`),
  );
}

describe('module boundaries', () => {
  it('reads every kind of import, including type-only and dynamic ones', () => {
    const source = [
      "import type { A } from '../src/a.ts';",
      "import { b } from './b.ts';",
      "export { c } from '../src/c.ts';",
      "export * from '../src/d.ts';",
      "const e = await import('../src/e.ts');",
    ].join('\n');
    expect(importSpecifiers('x.ts', source)).toEqual([
      '../src/a.ts',
      './b.ts',
      '../src/c.ts',
      '../src/d.ts',
      '../src/e.ts',
    ]);
  });

  it.each(guardedFolders)('nothing under %s/ imports from src/', (folder) => {
    const files = typeScriptFilesUnder(join(root, folder));
    expect(files.length).toBeGreaterThan(0);
    expect(offendingImports(files, (target) => target.startsWith(clientRoot))).toEqual([]);
  });

  // What two routes share (resolving a location, say) is a service; a route importing another
  // route would register nothing but couple their fates, and hide shared rules in a route file.
  // An index.ts (of routes/ or of a subtree such as routes/me/) is the one that registers them.
  it('no route imports another route; only an index.ts registers them', () => {
    const routesRoot = join(root, 'server', 'routes') + sep;
    const routeFiles = typeScriptFilesUnder(routesRoot).filter(
      (file) => !/\.test\.ts$/.test(file) && !file.endsWith(`${sep}index.ts`),
    );
    expect(routeFiles.length).toBeGreaterThan(0);
    expect(offendingImports(routeFiles, (target) => target.startsWith(routesRoot))).toEqual([]);
  });

  // Services speak the domain: they throw their own errors (server/services/errors.ts), which
  // the error plugin alone turns into HTTP answers, and never reach up to the app or the HTTP
  // layer that calls them.
  it('nothing under server/services/ imports the app, a route or a plugin (HttpError included)', () => {
    const serviceFiles = typeScriptFilesUnder(join(root, 'server', 'services'));
    expect(serviceFiles.length).toBeGreaterThan(0);
    const httpLayer = [
      join(root, 'server', 'app.ts'),
      join(root, 'server', 'routes') + sep,
      join(root, 'server', 'plugins') + sep,
    ];
    expect(
      offendingImports(serviceFiles, (target) =>
        httpLayer.some((layer) =>
          layer.endsWith(sep) ? target.startsWith(layer) : target === layer,
        ),
      ),
    ).toEqual([]);
  });

  // server/test/ is test support (the fixture app, test databases, stand-ins): the code that
  // runs in production never depends on it. Tests use it, and so does the one script that
  // starts the stack the end-to-end tests run against.
  it('only tests (and the e2e stack) import server/test/', () => {
    const testSupport = join(root, 'server', 'test') + sep;
    const testTooling = new Set([join(root, 'scripts', 'e2e-stack.ts')]);
    const productionFiles = ['server', 'scripts']
      .flatMap((folder) => typeScriptFilesUnder(join(root, folder)))
      .filter(
        (file) =>
          !file.startsWith(testSupport) && !/\.test\.ts$/.test(file) && !testTooling.has(file),
      );
    expect(productionFiles.length).toBeGreaterThan(0);
    expect(offendingImports(productionFiles, (target) => target.startsWith(testSupport))).toEqual(
      [],
    );
  });
});

/**
 * The browser app's layers, lowest first: domain (rules, no I/O) and styles; api (the server and
 * the device's storage); ui (the design system); app (boot, sign-in, the gate, syncs); features
 * (screens); routes. A layer imports only from layers below it, so each can be read, tested and
 * replaced without the ones above. Tests may reach across (they assemble what they test).
 */
describe('client layers', () => {
  const src = (...parts: string[]) => join(root, 'src', ...parts) + sep;
  const productionFilesUnder = (folder: string) =>
    typeScriptFilesUnder(folder).filter((file) => !/\.test\.tsx?$/.test(file));
  const under = (prefixes: string[]) => (target: string) =>
    prefixes.some((prefix) => target.startsWith(prefix));

  it.each([
    ['domain', [src('api'), src('ui'), src('app'), src('features'), src('routes')]],
    ['api', [src('ui'), src('app'), src('features'), src('routes')]],
    ['ui', [src('app'), src('features'), src('routes')]],
    ['app', [src('features'), src('routes')]],
  ])('nothing under src/%s/ imports a layer above it', (layer, above) => {
    const files = productionFilesUnder(src(layer));
    expect(files.length).toBeGreaterThan(0);
    expect(offendingImports(files, under(above))).toEqual([]);
  });

  // A feature is a screen's own code; another feature may use only what it names public here,
  // so a feature's insides can change without hunting for callers. Named files rather than
  // index.ts barrels: a barrel re-exporting components keeps every re-exported module (each
  // imports its styles, a side effect), which would pull other screens' CSS into a route's chunk.
  const publicFeatureFiles: Record<string, readonly string[]> = {
    ads: ['AdSlot.tsx'],
    // The card (with its image and heart), its skeleton, the 'Fits my family' chip and sharing
    // are every list's; Saved's select mode draws the card title with the card's own link style.
    // The home page's section frame (heading, 'See all', load problem), for the poll section
    // home shows; it stays in home's chunk rather than the design system every route loads.
    home: ['HomeSection.tsx'],
    events: [
      'EventCard.tsx',
      'EventCardSkeleton.tsx',
      'FitsMyFamily.tsx',
      'shareLink.ts',
      'eventCard.css.ts',
    ],
    music: ['MusicServices.tsx', 'musicApi.ts'],
    notifications: ['NotificationPanel.tsx', 'useNotifications.ts'],
    polls: ['FamilyPollSection.tsx'],
    profile: ['displayName.ts', 'useProfilePhoto.ts', 'useSignOutAction.ts'],
    restaurants: ['RestaurantCard.tsx'],
    saved: ['CalendarActions.tsx'],
    shell: ['PlaceCombobox.tsx', 'gpsMessages.ts', 'locationLabel.ts'],
  };

  it('features import another feature only through the files it names public', () => {
    const featuresRoot = src('features');
    const files = productionFilesUnder(featuresRoot);
    expect(files.length).toBeGreaterThan(0);
    const featureOf = (path: string) => relative(featuresRoot, path).split(sep)[0] ?? '';
    const offending = files.flatMap((file) =>
      importSpecifiers(file, readFileSync(file, 'utf8'))
        .filter((specifier) => {
          const target = resolvedPath(file, specifier);
          if (target === null || !target.startsWith(featuresRoot)) return false;
          const feature = featureOf(target);
          if (feature === featureOf(file)) return false;
          return !(publicFeatureFiles[feature] ?? []).includes(
            relative(join(featuresRoot, feature), target),
          );
        })
        .map((specifier) => `${relative(root, file)} imports ${specifier}`),
    );
    expect(offending).toEqual([]);
  });

  // A machine is the chart and nothing else: no React, no DOM, no app code, so it runs the same
  // in a model test, in the Stately editor and in the browser (effects come from .provide()).
  it('machines/ import only xstate and contract/', () => {
    const machinesRoot = join(root, 'machines') + sep;
    const files = productionFilesUnder(machinesRoot).filter(
      (file) => !file.startsWith(join(machinesRoot, 'testing') + sep),
    );
    expect(files.length).toBeGreaterThan(0);
    const contractRoot = join(root, 'contract') + sep;
    const offending = files.flatMap((file) =>
      importSpecifiers(file, readFileSync(file, 'utf8'))
        .filter((specifier) => {
          const target = resolvedPath(file, specifier);
          if (target === null) return specifier !== 'xstate';
          return !target.startsWith(contractRoot) && !target.startsWith(machinesRoot);
        })
        .map((specifier) => `${relative(root, file)} imports ${specifier}`),
    );
    expect(offending).toEqual([]);
  });
});
