import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Text that only the Stately inspector brings into a bundle. */
const inspectorMarkers = ['@statelyai/inspect', 'createBrowserInspector'] as const;

interface InspectorTrace {
  /** Relative to the folder that was searched, with forward slashes. */
  file: string;
  marker: (typeof inspectorMarkers)[number];
}

function javaScriptFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Every .js file under `clientDir` (dist/client) that carries the inspector. The inspector is
 * for `npm run dev -- --inspect` only; in a production build it would open windows for users.
 */
export function findInspectorInBundle(clientDir: string): InspectorTrace[] {
  const traces: InspectorTrace[] = [];
  for (const path of javaScriptFiles(clientDir)) {
    const text = readFileSync(path, 'utf8');
    for (const marker of inspectorMarkers) {
      if (text.includes(marker)) {
        traces.push({ file: relative(clientDir, path).split('\\').join('/'), marker });
      }
    }
  }
  return traces.sort((a, b) => a.file.localeCompare(b.file));
}
