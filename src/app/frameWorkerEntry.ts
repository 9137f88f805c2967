import { answerNavigation, type FrameWorkerScope } from './frameWorker.ts';

/*
 * The service worker's page-frame script: Workbox's generated worker loads it with importScripts
 * (vite.config.ts), so it is built on its own as a classic script (scripts/lib/viteFrameWorker.ts,
 * which also sets the build's frame version). The worker's navigation route calls what it puts
 * on the global scope.
 */

declare const __FAMJAM_FRAME_VERSION__: string;

/** What the worker's navigation route (vite.config.ts) calls. */
export interface PageFramesGlobal {
  famjamPageFrames: { answer(request: Request): Promise<Response> };
}

const scope = self as unknown as FrameWorkerScope & PageFramesGlobal;

scope.famjamPageFrames = {
  answer: (request) => answerNavigation(scope, request, __FAMJAM_FRAME_VERSION__),
};
