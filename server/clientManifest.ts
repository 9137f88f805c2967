/*
 * Vite's build manifest (build.manifest in vite.config.ts), read for what a first visit to a
 * route loads: the page-frame server (server/plugins/pageFrames.ts, its stylesheets and chunk
 * preloads) and `npm run size` (scripts/lib/bundleSize.ts). TanStack Router's
 * autoCodeSplitting keys a route's chunks `src/routes/<file>?tsr-split=...`; dynamic imports are
 * left out: they load later, on demand.
 */

import { startupStageSources } from '../contract/pageFrame.ts';

/** One entry of dist/client/.vite/manifest.json (the fields this reads). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/**
 * The rel of the links to the app's scripts in a page: public/theme-init.js makes them preloads
 * (and the one marked data-app-entry the entry script) once the page has been painted.
 */
export const AFTER_PAINT = 'famjam-after-paint';

/** The entry and the startup stages: what every page loads before its route's own chunks. */
export function startupKeys(manifest: Manifest): string[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  return [...entries, ...startupStageSources.filter((source) => manifest[source] !== undefined)];
}

/** The manifest keys of the chunks autoCodeSplitting made from one route file. */
export function routeChunkKeys(manifest: Manifest, routeFile: string): string[] {
  const source = `src/routes/${routeFile}`;
  return Object.keys(manifest).filter((key) => {
    const [path, query = ''] = key.split('?');
    return path === source && new URLSearchParams(query).has('tsr-split');
  });
}

/**
 * The files a first visit loads when it starts from `startKeys`: each chunk, its static imports
 * followed transitively (never its dynamic imports), and their CSS. A chunk shared by several
 * paths is listed once; the order is the order the walk meets them.
 */
export function staticClosure(
  manifest: Manifest,
  startKeys: readonly string[],
): { js: string[]; css: string[] } {
  const seen = new Set<string>();
  const js: string[] = [];
  const css = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no entry "${key}"`);
    // A CSS-only entry (Vite lists split CSS by its own key) is a stylesheet, not a script.
    if (chunk.file.endsWith('.css')) css.add(chunk.file);
    else js.push(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of startKeys) visit(key);
  return { js, css: [...css] };
}
