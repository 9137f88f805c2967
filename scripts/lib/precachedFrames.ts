import { appLocales } from '../../contract/locales.ts';
import { type FrameKind, frameKinds, precachedFrameUrl } from '../../contract/pageFrame.ts';

/*
 * What `npm test` checks after the build (scripts/test.ts): the built service worker precaches a
 * frame of every kind of page in every language, of the version its page-frame script answers
 * from (issue 36: a repeat visit paints the page's frame without the network).
 */

/** The frame script's file (scripts/lib/viteFrameWorker.ts), beside sw.js. */
const FRAME_SCRIPT = 'frames-sw.js';

/**
 * What is wrong with a build's worker (`sw`, dist/client/sw.js) and its page-frame script
 * (`frameScript`, frames-sw.js): an empty list when every frame is precached.
 */
export function precachedFrameProblems(sw: string, frameScript: string): string[] {
  const precached = [...sw.matchAll(/["'`](\/page-frames\/[^"'`]+)["'`]/g)].map(
    (match) => match[1] ?? '',
  );
  const versions = new Set(
    precached.map((url) => new URL(url, 'https://famjam.invalid').searchParams.get('v') ?? ''),
  );
  if (versions.size !== 1) {
    return [`the worker precaches frames of ${versions.size} versions, not 1`];
  }
  const [version = ''] = versions;
  const problems: string[] = [];
  for (const locale of appLocales) {
    for (const kind of Object.keys(frameKinds) as FrameKind[]) {
      const url = precachedFrameUrl(kind, locale, version);
      if (!precached.includes(url)) problems.push(`no precached frame ${url}`);
    }
  }
  if (!new RegExp(`importScripts\\([^)]*["'\`]/${FRAME_SCRIPT}["'\`]`).test(sw)) {
    problems.push(`the worker does not import /${FRAME_SCRIPT}`);
  }
  if (!frameScript.includes(version)) {
    problems.push(`${FRAME_SCRIPT} answers from another version than ${version}`);
  }
  return problems;
}
