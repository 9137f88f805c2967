import { preferredLocale } from '../../contract/locales.ts';
import { frameKindFor, precachedFrameUrl } from '../../contract/pageFrame.ts';

/*
 * How FamJam's service worker answers a page (issue 36): from the frame of that kind of page, in
 * the browser's language, which it precached at install (vite.config.ts lists the frames,
 * server/plugins/spa.ts answers /page-frames/…). So a repeat visit paints the page's frame
 * without the network, and opens offline. Runs inside the worker, imported by its own script
 * (frameWorkerEntry.ts, built by scripts/lib/viteFrameWorker.ts): no DOM, no app code.
 */

/** The precached address of the frame a page at `pathname` shows, for these languages. */
export function frameUrlFor(
  pathname: string,
  languages: readonly string[],
  version: string,
): string {
  return precachedFrameUrl(frameKindFor(pathname), preferredLocale(languages), version);
}

/** What answering a page needs of the worker's scope; the tests stand in for it. */
export interface FrameWorkerScope {
  caches: { match(request: string): Promise<Response | undefined> };
  fetch(request: Request): Promise<Response>;
  navigator: { languages?: readonly string[] };
}

/**
 * The page `request` navigates to: its precached frame, else (a worker whose precache lost the
 * frame, which the browser may do under storage pressure) the network, as without a worker.
 */
export async function answerNavigation(
  scope: FrameWorkerScope,
  request: Request,
  version: string,
): Promise<Response> {
  const { pathname } = new URL(request.url);
  const frame = await scope.caches.match(
    new URL(
      frameUrlFor(pathname, scope.navigator.languages ?? [], version),
      request.url,
    ).toString(),
  );
  return frame ?? scope.fetch(request);
}
