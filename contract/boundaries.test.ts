import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';

/*
 * The codebase's boundaries, checked by role rather than by folder name. Every production file
 * has one role (the table below; a file in a new folder fails until the folder is given one), and
 * each rule says what a role may not import. Each rule is also run once on a planted file that
 * breaks it, so a rule that could never fail would show here. docs/architecture.md explains the
 * roles; this file is what keeps them true.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const toPosix = (path: string) => path.split(sep).join('/');

/** A file's imports: the module named, the repository file it resolves to (null for a package), and whether only types come from it. */
interface ImportOf {
  specifier: string;
  /** Repository-relative, '/'-separated, without extension guessing (imports name their .ts). */
  target: string | null;
  typeOnly: boolean;
}

/** Every module a file names: imports, re-exports and dynamic imports with a literal path. */
function importsOf(file: string, source: string): ImportOf[] {
  const parsed = parseSync(file, source, { lang: file.endsWith('x') ? 'tsx' : 'ts' });
  if (parsed.errors.length > 0) {
    throw new Error(`${file} does not parse: ${parsed.errors[0]?.message}`);
  }
  const { staticImports, staticExports, dynamicImports } = parsed.module;
  const named: { specifier: string; typeOnly: boolean }[] = [
    ...staticImports.map((entry) => ({
      specifier: entry.moduleRequest.value,
      // `import './x'` has no entries and runs the module: a value import.
      typeOnly: entry.entries.length > 0 && entry.entries.every((binding) => binding.isType),
    })),
    ...staticExports.flatMap((entry) =>
      entry.entries.flatMap((exported) =>
        exported.moduleRequest
          ? [{ specifier: exported.moduleRequest.value, typeOnly: exported.isType }]
          : [],
      ),
    ),
    ...dynamicImports.flatMap(({ moduleRequest }) => {
      const literal = /^(['"`])(.*)\1$/s.exec(source.slice(moduleRequest.start, moduleRequest.end));
      return literal?.[2] === undefined ? [] : [{ specifier: literal[2], typeOnly: false }];
    }),
  ];
  return named.map(({ specifier, typeOnly }) => ({
    specifier,
    typeOnly,
    target:
      specifier.startsWith('.') || specifier.startsWith('/')
        ? toPosix(relative(root, resolve(dirname(join(root, file)), specifier)))
        : null,
  }));
}

// ---------------------------------------------------------------------------------------------
// Roles

type Role =
  | 'contract'
  | 'machine'
  | 'client'
  | 'server entry'
  | 'server shared'
  | 'route'
  | 'plugin'
  | 'service'
  | 'job'
  | 'store'
  | 'database'
  | 'tool'
  | 'server test support'
  | 'script'
  | 'e2e'
  | 'tooling config';

/** The server's own top-level modules, by name: a new one must be placed here on purpose. */
const serverSharedFiles = new Set([
  'server/clientManifest.ts',
  'server/config.ts',
  'server/errorInfo.ts',
  'server/i18n.ts',
  'server/listParams.ts',
  'server/logRedaction.ts',
  'server/lookupTable.ts',
  'server/privateDir.ts',
  'server/publicOrigin.ts',
  'server/requestPath.ts',
  'server/types.ts',
]);

/** The role of a production file (repository-relative), or null when no role covers it. */
function roleOf(file: string): Role | null {
  const top = (prefix: string) => file.startsWith(prefix);
  if (top('contract/')) return 'contract';
  if (top('machines/')) return 'machine';
  if (top('src/')) return 'client';
  if (file === 'server/main.ts' || file === 'server/app.ts') return 'server entry';
  if (serverSharedFiles.has(file)) return 'server shared';
  if (top('server/routes/')) return 'route';
  if (top('server/plugins/')) return 'plugin';
  // The importers (parsers and the import pipeline) are domain code like any service.
  if (top('server/services/') || top('server/ingest/'))
    return file.endsWith('/cli.ts') ? 'tool' : 'service';
  if (top('server/jobs/')) return 'job';
  if (top('server/stores/')) return 'store';
  if (top('server/db/')) return 'database';
  if (top('server/seed/')) return 'tool';
  if (top('server/test/')) return 'server test support';
  if (top('scripts/')) return 'script';
  if (top('e2e/')) return 'e2e';
  if (!file.includes('/')) return 'tooling config';
  return null;
}

const isTestFile = (file: string) => /\.(test|spec)\.tsx?$/.test(file);

function productionFiles(): string[] {
  const folders = ['contract', 'machines', 'src', 'server', 'scripts', 'e2e'];
  const nested = folders.flatMap((folder) =>
    readdirSync(join(root, folder), { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
      .map((entry) => toPosix(relative(root, join(entry.parentPath, entry.name)))),
  );
  const topLevel = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name))
    .map((entry) => entry.name);
  return [...nested, ...topLevel].filter((file) => !isTestFile(file));
}

// ---------------------------------------------------------------------------------------------
// Rules

interface Rule {
  /** What the rule keeps true, as the test names it. */
  name: string;
  /** Why, for whoever meets it failing. */
  why: string;
  appliesTo(file: string, role: Role): boolean;
  /** Whether this import breaks the rule. */
  breaks(imported: ImportOf): boolean;
  /** A file that breaks the rule once, to show the rule can fail. */
  planted: { file: string; source: string };
}

/** Modules that run SQL or describe tables: drizzle, the drivers, the schema, the stores. */
const isSqlModule = ({ specifier, target }: ImportOf) =>
  target === null
    ? /^(drizzle-orm|pg|@electric-sql\/pglite)(\/|$)/.test(specifier)
    : target.startsWith('server/db/schema/');

const isHttpModule = ({ specifier, target }: ImportOf) =>
  target === null
    ? /^(fastify|fastify-plugin|@fastify\/)/.test(specifier)
    : target.startsWith('server/routes/') ||
      target.startsWith('server/plugins/') ||
      target === 'server/app.ts' ||
      target === 'server/main.ts' ||
      // FamJamApp, the Fastify instance's type.
      target === 'server/types.ts';

const under =
  (...prefixes: string[]) =>
  (imported: ImportOf) =>
    imported.target !== null && prefixes.some((prefix) => imported.target?.startsWith(prefix));

const serverRoles = new Set<Role>([
  'server entry',
  'server shared',
  'route',
  'plugin',
  'service',
  'job',
  'store',
  'database',
  'tool',
]);

const rules: Rule[] = [
  {
    name: 'routes do no SQL and reach data only through services',
    why: 'a route is HTTP: its schema, scope and status; the rules live in a service, the SQL in a store',
    appliesTo: (_file, role) => role === 'route',
    breaks: (imported) =>
      (!imported.typeOnly && isSqlModule(imported)) || under('server/stores/')(imported),
    planted: { file: 'server/routes/planted.ts', source: "import { sql } from 'drizzle-orm';" },
  },
  {
    name: 'services and jobs import nothing of HTTP',
    why: 'they throw server/services/errors.ts kinds, which the error plugin alone turns into answers',
    appliesTo: (_file, role) => role === 'service' || role === 'job',
    breaks: isHttpModule,
    planted: {
      file: 'server/services/planted.ts',
      source: "import { HttpError } from '../plugins/errors.ts';",
    },
  },
  {
    name: 'stores (and the database module) are the only server code with SQL',
    why: 'one place per domain to read every query, tune it and see what a change touches',
    appliesTo: (_file, role) => serverRoles.has(role) && role !== 'store' && role !== 'database',
    breaks: (imported) => !imported.typeOnly && isSqlModule(imported),
    planted: {
      file: 'server/services/planted.ts',
      source: "import { events } from '../db/schema/index.ts';",
    },
  },
  {
    name: 'stores import no service, job, route or plugin',
    why: 'the arrows run route → service → store; a store reaching up would make a circle',
    appliesTo: (_file, role) => role === 'store',
    breaks: under(
      'server/services/',
      'server/ingest/',
      'server/jobs/',
      'server/routes/',
      'server/plugins/',
      'server/app.ts',
    ),
    planted: {
      file: 'server/stores/planted.ts',
      source: "import { searchEvents } from '../services/search.ts';",
    },
  },
  {
    name: 'no route imports another route; only an index.ts registers them',
    why: 'what two routes share is a service; a route importing a route hides shared rules',
    appliesTo: (file, role) => role === 'route' && !file.endsWith('/index.ts'),
    breaks: under('server/routes/'),
    planted: {
      file: 'server/routes/planted.ts',
      source: "import { eventsRoutes } from './events.ts';",
    },
  },
  {
    name: 'the browser app imports nothing from server/, scripts/ or e2e/',
    why: 'client and server share only through contract/; anything else drags Node code into the bundle',
    appliesTo: (_file, role) => role === 'client',
    breaks: under('server/', 'scripts/', 'e2e/'),
    planted: {
      file: 'src/app/planted.ts',
      source: "import { staticClosure } from '../../server/clientManifest.ts';",
    },
  },
  {
    name: 'contract/ imports only contract/',
    why: 'it is what both sides share, so it depends on neither',
    appliesTo: (_file, role) => role === 'contract',
    breaks: (imported) => imported.target !== null && !imported.target.startsWith('contract/'),
    planted: {
      file: 'contract/planted.ts',
      source: "import { queryClient } from '../src/api/queryClient.ts';",
    },
  },
  {
    name: 'machines/ import only xstate and contract/',
    why: 'a machine is the chart: the same in a model test, the Stately editor and the browser',
    appliesTo: (file, role) => role === 'machine' && !file.startsWith('machines/testing/'),
    breaks: (imported) =>
      imported.target === null
        ? imported.specifier !== 'xstate'
        : !imported.target.startsWith('contract/') && !imported.target.startsWith('machines/'),
    planted: { file: 'machines/planted.ts', source: "import { useState } from 'react';" },
  },
  {
    name: 'nothing outside src/ imports src/',
    why: 'the app is the top of the client; the server, scripts and contract never need it',
    appliesTo: (_file, role) => role !== 'client' && role !== 'e2e' && role !== 'tooling config',
    breaks: under('src/'),
    planted: {
      file: 'server/services/planted.ts',
      source: "import { Box } from '../../src/ui/Box.tsx';",
    },
  },
  {
    name: 'the server imports nothing from scripts/ or e2e/',
    why: 'scripts start and measure the server; the server importing them back would be a circle',
    appliesTo: (_file, role) => serverRoles.has(role),
    breaks: under('scripts/', 'e2e/'),
    planted: {
      file: 'server/app.ts',
      source: "import { startTestStack } from '../scripts/lib/testStack.ts';",
    },
  },
  {
    name: 'scripts import nothing from e2e/ (e2e may use scripts)',
    why: 'the e2e suite starts the stack through scripts/lib; both ways would be a circle',
    appliesTo: (_file, role) => role === 'script',
    breaks: under('e2e/'),
    planted: {
      file: 'scripts/planted.ts',
      source: "import globalSetup from '../e2e/global-setup.ts';",
    },
  },
  {
    name: 'only tests (and the e2e stack) import server/test/',
    why: 'test support (the fixture app, stand-ins) never runs in production',
    appliesTo: (file, role) =>
      role !== 'server test support' && role !== 'e2e' && file !== 'scripts/e2e-stack.ts',
    breaks: under('server/test/'),
    planted: {
      file: 'server/jobs/planted.ts',
      source: "import { fixtureApp } from '../test/fixtureApp.ts';",
    },
  },
];

function violations(rule: Rule, files: { file: string; source: string }[]): string[] {
  return files.flatMap(({ file, source }) => {
    const role = roleOf(file);
    if (role === null || !rule.appliesTo(file, role)) return [];
    return importsOf(file, source)
      .filter((imported) => rule.breaks(imported))
      .map((imported) => `${file} (${role}) imports ${imported.specifier}`);
  });
}

describe('module boundaries', () => {
  const files = productionFiles();
  const sources = files.map((file) => ({ file, source: readFileSync(join(root, file), 'utf8') }));

  it('reads every kind of import, and which bring types only', () => {
    const source = [
      "import type { A } from '../src/a.ts';",
      "import { type B, b } from './b.ts';",
      "import { type C } from 'drizzle-orm';",
      "export { c } from '../src/c.ts';",
      "export * from '../src/d.ts';",
      "const e = await import('../src/e.ts');",
      "import './side-effect.ts';",
    ].join('\n');
    expect(importsOf('server/x.ts', source)).toEqual([
      { specifier: '../src/a.ts', target: 'src/a.ts', typeOnly: true },
      { specifier: './b.ts', target: 'server/b.ts', typeOnly: false },
      { specifier: 'drizzle-orm', target: null, typeOnly: true },
      { specifier: './side-effect.ts', target: 'server/side-effect.ts', typeOnly: false },
      { specifier: '../src/c.ts', target: 'src/c.ts', typeOnly: false },
      { specifier: '../src/d.ts', target: 'src/d.ts', typeOnly: false },
      { specifier: '../src/e.ts', target: 'src/e.ts', typeOnly: false },
    ]);
  });

  it('every production file has a role (a new folder is placed on purpose)', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(files.filter((file) => roleOf(file) === null)).toEqual([]);
    expect(roleOf('server/somewhere-new/thing.ts')).toBeNull();
  });

  it.each(rules.map((rule) => [rule.name, rule] as const))('%s', (_name, rule) => {
    expect(violations(rule, sources), rule.why).toEqual([]);
  });

  it.each(rules.map((rule) => [rule.name, rule] as const))(
    'fails on a planted import: %s',
    (_name, rule) => {
      expect(violations(rule, [rule.planted])).toHaveLength(1);
    },
  );

  // drizzle's query builder needs no import once a service holds the handle (`db.select()`,
  // `db.query.users.findFirst`, `tx.update(...)`), so the import rule alone would miss it.
  const queryCall =
    /\b(db|tx|database|transaction)\s*\.\s*(select|selectDistinct|insert|update|delete|execute|transaction|query)\b/;
  const sqlCallsOutsideStores = (files: { file: string; source: string }[]) =>
    files
      .filter(({ file }) => {
        const role = roleOf(file);
        return role !== null && serverRoles.has(role) && role !== 'store' && role !== 'database';
      })
      .filter(({ source }) => queryCall.test(source))
      .map(({ file }) => file);

  it('no server code outside stores runs a query through the database handle', () => {
    expect(sqlCallsOutsideStores(sources)).toEqual([]);
  });

  it('fails on a planted query call outside a store', () => {
    const planted = [
      {
        file: 'server/services/planted.ts',
        source: 'export const all = (db: Database) => db.select().from(events);',
      },
      {
        file: 'server/stores/planted.ts',
        source: 'export const all = (db: Database) => db.select().from(events);',
      },
    ];
    expect(sqlCallsOutsideStores(planted)).toEqual(['server/services/planted.ts']);
  });

  it('lets a service take a row type from the schema, but not a table', () => {
    const typeOnly = {
      file: 'server/services/x.ts',
      source: "import type { EventRow } from '../db/schema/index.ts';",
    };
    const sqlRule = rules.find((rule) => rule.name.startsWith('stores (and'));
    expect(sqlRule).toBeDefined();
    if (!sqlRule) return;
    expect(violations(sqlRule, [typeOnly])).toEqual([]);
  });
});

/**
 * The browser app's layers, lowest first: domain (rules, no I/O) and styles; api (the server and
 * the device's storage); ui (the design system); app (boot, sign-in, the gate, syncs); features
 * (screens); routes. A layer imports only from layers below it, so each can be read, tested and
 * replaced without the ones above. Tests may reach across (they assemble what they test).
 */
describe('client layers', () => {
  const clientFiles = productionFiles().filter((file) => file.startsWith('src/'));
  const importsIn = (prefix: string) =>
    clientFiles
      .filter((file) => file.startsWith(prefix))
      .flatMap((file) =>
        importsOf(file, readFileSync(join(root, file), 'utf8')).map((imported) => ({
          file,
          ...imported,
        })),
      );

  it.each([
    ['domain', ['api', 'ui', 'app', 'features', 'routes']],
    ['api', ['ui', 'app', 'features', 'routes']],
    ['ui', ['app', 'features', 'routes']],
    ['app', ['features', 'routes']],
  ])('nothing under src/%s/ imports a layer above it', (layer, above) => {
    const found = importsIn(`src/${layer}/`);
    expect(found.length).toBeGreaterThan(0);
    expect(
      found
        .filter(
          ({ target }) =>
            target !== null && above.some((name) => target.startsWith(`src/${name}/`)),
        )
        .map(({ file, specifier }) => `${file} imports ${specifier}`),
    ).toEqual([]);
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
    // The List/Map switch and the map's place on Search and Saved (the map itself loads lazily
    // from there), and the chart's provider their routes start.
    map: [
      'ResultsViewControls.tsx',
      'resultsViewActor.tsx',
      // Search's switch and the map's place, and the map itself, fetched when shown.
      'MapPlace.tsx',
      'ResultsMapSection.tsx',
      'ResultsMap.tsx',
    ],
    events: [
      'EventCard.tsx',
      'EventCardSkeleton.tsx',
      'FitsMyFamily.tsx',
      // The card's words (price, Family Safe, ages), also on the shake result (issue 35).
      'cardLabels.ts',
      'shareLink.ts',
      'eventCard.css.ts',
    ],
    music: ['MusicServices.tsx', 'musicApi.ts'],
    notifications: ['NotificationPanel.tsx', 'useNotifications.ts'],
    polls: ['FamilyPollSection.tsx'],
    // Writing the outreach settings (issue 34): Profile's switches and onboarding's weekly-email offer.
    profile: ['displayName.ts', 'useProfilePhoto.ts', 'useUpdateOutreach.ts'],
    restaurants: ['RestaurantCard.tsx'],
    saved: ['CalendarActions.tsx'],
    shell: ['PlaceCombobox.tsx', 'gpsMessages.ts', 'locationLabel.ts'],
  };

  it('features import another feature only through the files it names public', () => {
    const featureOf = (path: string) => path.split('/')[2] ?? '';
    const offending = importsIn('src/features/')
      .filter(({ file, target }) => {
        if (target === null || !target.startsWith('src/features/')) return false;
        const feature = featureOf(target);
        if (feature === featureOf(file)) return false;
        const inside = target.slice(`src/features/${feature}/`.length);
        return !(publicFeatureFiles[feature] ?? []).includes(inside);
      })
      .map(({ file, specifier }) => `${file} imports ${specifier}`);
    expect(offending).toEqual([]);
  });
});
