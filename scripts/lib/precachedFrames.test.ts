import { describe, expect, it } from 'vitest';
import { precachedFrameProblems } from './precachedFrames.ts';
import { frameManifestEntries } from './viteFrameWorker.ts';

/** A worker shaped like Workbox's generated sw.js (minified), precaching `urls`. */
function workerPrecaching(urls: readonly string[]): string {
  const entries = urls.map((url) => `{url:"${url}",revision:null}`).join(',');
  return `define(["./workbox-1"],function(s){"use strict";importScripts("/push-sw.js","/frames-sw.js"),s.precacheAndRoute([{url:"index.html",revision:"1"},${entries}],{directoryIndex:null})});`;
}

const frameScript = (version: string) =>
  `(function(){var u=self;u.famjamPageFrames={answer:e=>l(u,e,\`${version}\`)}})();`;

describe('precachedFrameProblems', () => {
  const all = frameManifestEntries('c6f1e07315dd57c0').map((entry) => entry.url);

  it('passes a worker with every kind of page in English and Spanish, of its script version', () => {
    expect(all).toHaveLength(18);
    expect(precachedFrameProblems(workerPrecaching(all), frameScript('c6f1e07315dd57c0'))).toEqual(
      [],
    );
  });

  it('names a frame the worker does not precache', () => {
    const withoutSpanishSearch = all.filter((url) => !url.startsWith('/page-frames/es/search'));
    expect(
      precachedFrameProblems(
        workerPrecaching(withoutSpanishSearch),
        frameScript('c6f1e07315dd57c0'),
      ),
    ).toEqual(['no precached frame /page-frames/es/search?v=c6f1e07315dd57c0']);
  });

  it('fails a worker without frames, or whose frame script answers from another build', () => {
    expect(precachedFrameProblems(workerPrecaching([]), frameScript('x'))).toEqual([
      'the worker precaches frames of 0 versions, not 1',
    ]);
    expect(precachedFrameProblems(workerPrecaching(all), frameScript('0123456789abcdef'))).toEqual([
      'frames-sw.js answers from another version than c6f1e07315dd57c0',
    ]);
    const notImported = workerPrecaching(all).replace(',"/frames-sw.js"', '');
    expect(precachedFrameProblems(notImported, frameScript('c6f1e07315dd57c0'))).toEqual([
      'the worker does not import /frames-sw.js',
    ]);
  });
});
