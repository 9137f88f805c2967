import { execFileSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { poEntries } from './lib/poFile.ts';
import { pseudoMessages } from './lib/pseudoLocale.ts';

/*
 * The message catalogues (docs/i18n.md), with Lingui's own tools:
 *
 *   npm run i18n -- extract   catalogues in line with the code (new ids added, unused removed)
 *   npm run i18n -- compile   locales/{locale}/{name}.ts for the app and the server, and the
 *                             pseudo-locale (locales/pseudo/) from English
 *   npm run i18n -- check     fails, changing nothing, when extract or compile would change a
 *                             file, when an English text is missing (still its id) or a
 *                             Spanish one is empty; part of `npm test`
 */

const root = process.cwd();
const localesDir = join(root, 'locales');
const lingui = join(root, 'node_modules', '.bin', 'lingui');

function run(args: string[]) {
  execFileSync(lingui, args, { stdio: ['ignore', 'pipe', 'inherit'] });
}

function extract() {
  run(['extract', '--clean']);
}

/** English entries still reading as their id: written in the code, not yet in the catalogue. */
function unwrittenEnglish(): string[] {
  const missing: string[] = [];
  const dir = join(localesDir, 'en');
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.po'))) {
    for (const [id, value] of poEntries(readFileSync(join(dir, file), 'utf8'))) {
      if (id === value || value === '') missing.push(`en/${file}: ${id}`);
    }
  }
  return missing;
}

async function compile() {
  const unwritten = unwrittenEnglish();
  if (unwritten.length > 0) {
    throw new Error(`English text missing for:\n  ${unwritten.join('\n  ')}`);
  }
  // --strict: a message missing in any language fails here, naming it.
  run(['compile', '--strict']);
  writePseudoLocale(await englishCatalogues());
  for (const locale of readdirSync(localesDir)) writeAllModule(locale);
}

/** Each compiled English catalogue's messages, by file name ('shell.ts'). */
async function englishCatalogues(): Promise<Map<string, Record<string, unknown>>> {
  const enDir = join(localesDir, 'en');
  const catalogues = new Map<string, Record<string, unknown>>();
  for (const file of readdirSync(enDir).filter(
    (name) => name.endsWith('.ts') && name !== allFile,
  )) {
    const { messages } = (await import(pathToFileURL(join(enDir, file)).href)) as {
      messages: Record<string, unknown>;
    };
    catalogues.set(file, messages);
  }
  return catalogues;
}

const allFile = 'all.ts';

/** locales/{locale}/all.ts: every catalogue of the language as one module (one chunk for the app). */
function writeAllModule(locale: string) {
  const dir = join(localesDir, locale);
  const names = readdirSync(dir)
    .filter((name) => name.endsWith('.ts') && name !== allFile)
    .map((name) => name.slice(0, -'.ts'.length))
    // The server's words (emails, push, feeds) stay on the server.
    .filter((name) => name !== 'server')
    .sort();
  const lines = [
    '// Written by `npm run i18n -- compile`: every catalogue of this language, for one chunk.',
    "import type { Messages } from '@lingui/core';",
    ...names.map((name) => `import { messages as ${name} } from './${name}.ts';`),
    '',
    `export const messages: Messages = { ${names.map((name) => `...${name}`).join(', ')} };`,
    '',
  ];
  writeFileSync(join(dir, allFile), lines.join('\n'));
}

function writePseudoLocale(english: Map<string, Record<string, unknown>>) {
  const pseudoDir = join(localesDir, 'pseudo');
  rmSync(pseudoDir, { recursive: true, force: true });
  mkdirSync(pseudoDir);
  for (const [file, messages] of english) {
    const json = JSON.stringify(pseudoMessages(messages));
    writeFileSync(
      join(pseudoDir, file),
      `/*eslint-disable*/import type{Messages}from"@lingui/core";export const messages=JSON.parse(${JSON.stringify(json)})as Messages;`,
    );
  }
}

function snapshot(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const locale of readdirSync(dir)) {
    for (const file of readdirSync(join(dir, locale))) {
      files.set(`${locale}/${file}`, readFileSync(join(dir, locale, file), 'utf8'));
    }
  }
  return files;
}

/** Extracts and compiles, reports what changed, and puts the catalogues back as they were. */
async function check() {
  const saved = mkdtempSync(join(tmpdir(), 'famjam-locales-'));
  cpSync(localesDir, saved, { recursive: true });
  const before = snapshot(localesDir);
  try {
    extract();
    await compile();
    const after = snapshot(localesDir);
    const changed = [...new Set([...before.keys(), ...after.keys()])].filter(
      (file) => before.get(file) !== after.get(file),
    );
    if (changed.length > 0) {
      throw new Error(
        `The catalogues are not in line with the code; run \`npm run i18n -- extract\`, write the texts, then \`npm run i18n -- compile\`. Would change:\n  ${changed.join('\n  ')}`,
      );
    }
    console.log(`i18n: ${after.size} catalogue files in line with the code.`);
  } finally {
    rmSync(localesDir, { recursive: true, force: true });
    cpSync(saved, localesDir, { recursive: true });
    rmSync(saved, { recursive: true, force: true });
  }
}

const command = process.argv[2];
try {
  if (command === 'extract') extract();
  else if (command === 'compile') await compile();
  else if (command === 'check') await check();
  else throw new Error('usage: npm run i18n -- extract | compile | check');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
