import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';
import { appLocales } from '../../contract/locales.ts';
import {
  FRAME_VERSION_FILE,
  type FrameKind,
  frameKinds,
  precachedFrameUrl,
} from '../../contract/pageFrame.ts';

/*
 * The service worker's page frames (issue 36). The server draws a frame per kind of page and
 * language (server/plugins/pageFrames.ts) from the build's chunks and stylesheets, the server's
 * own frame code and the message catalogues; the worker precaches each at
 * /page-frames/{locale}/{kind}?v={version} and answers every page from one
 * (src/app/frameWorker.ts). The version is a hash of all of that, so a build that changes a frame
 * gives the frames new addresses (the precache fetches them again at the worker's update, and
 * drops the old ones when it takes over) and one that changes nothing fetches nothing.
 */

/** The worker's page-frame script, at the root beside sw.js. */
export const FRAME_WORKER_FILE = 'frames-sw.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * What shapes a frame besides the client bundle (which the version hashes whole): the code that
 * draws it on the server, index.html's template and the catalogues (the server's own words).
 */
const frameSources = [
  'index.html',
  'server/plugins/pageFrames.ts',
  'server/plugins/spa.ts',
  'server/clientManifest.ts',
  'server/i18n.ts',
  'src/prerender/renderFrame.tsx',
  'locales',
];

function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => filesUnder(join(path, name)));
}

/** A precache manifest entry as Workbox's manifestTransforms pass them. */
interface ManifestEntry {
  url: string;
  revision: string | null;
  /** What the build knows of its size (Workbox reports the total); a frame's is not known. */
  size: number;
}

/**
 * Every precached frame of a version: each kind of page in each language. No revision: the
 * address carries the version.
 */
export function frameManifestEntries(version: string): ManifestEntry[] {
  return appLocales.flatMap((locale) =>
    (Object.keys(frameKinds) as FrameKind[]).map((kind) => ({
      url: precachedFrameUrl(kind, locale, version),
      revision: null,
      size: 0,
    })),
  );
}

interface FrameWorkerPlugin extends Plugin {
  /**
   * For Workbox's manifestTransforms: the manifest with every frame of this build added. Runs
   * when the worker is generated, after the bundle (which sets the version) is written.
   */
  addFrames<Entry extends ManifestEntry>(entries: Entry[]): { manifest: (Entry | ManifestEntry)[] };
}

/**
 * Builds src/app/frameWorkerEntry.ts into dist/client/frames-sw.js, a classic script for the
 * worker's importScripts (as vite.config.ts's push script), with the build's frame version in it.
 */
export function frameWorker(): FrameWorkerPlugin {
  let version: string | null = null;
  return {
    name: 'famjam:frame-worker',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const hash = createHash('sha256');
      for (const fileName of Object.keys(bundle).sort()) {
        const file = bundle[fileName];
        if (!file) continue;
        hash.update(fileName).update('\0');
        hash.update(file.type === 'chunk' ? file.code : file.source).update('\0');
      }
      for (const file of frameSources.flatMap((source) => filesUnder(join(repoRoot, source)))) {
        hash.update(file.slice(repoRoot.length)).update('\0').update(readFileSync(file));
      }
      version = hash.digest('hex').slice(0, 16);
      const result = await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        define: { __FAMJAM_FRAME_VERSION__: JSON.stringify(version) },
        build: {
          write: false,
          minify: true,
          sourcemap: false,
          lib: {
            entry: join(repoRoot, 'src/app/frameWorkerEntry.ts'),
            formats: ['iife'],
            name: 'famjamFrameWorker',
            fileName: () => FRAME_WORKER_FILE,
          },
        },
      });
      const outputs = (Array.isArray(result) ? result : [result]).flatMap((out) =>
        'output' in out ? out.output : [],
      );
      const chunk = outputs.find((file) => file.type === 'chunk');
      if (chunk?.type !== 'chunk') throw new Error('the frame worker build made no script');
      this.emitFile({ type: 'asset', fileName: FRAME_WORKER_FILE, source: chunk.code });
      // For the server's frame route, which refuses another build's version.
      this.emitFile({ type: 'asset', fileName: FRAME_VERSION_FILE, source: version });
    },
    addFrames(entries) {
      if (version === null) throw new Error('the frame version is set by the client bundle');
      return { manifest: [...entries, ...frameManifestEntries(version)] };
    },
  };
}
