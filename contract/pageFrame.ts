/*
 * What the server's page frames (server/plugins/pageFrames.ts, server/clientManifest.ts) and the
 * browser app (src/app/pageFrame.ts, src/main.tsx) agree on. Plain values: the client imports
 * them without any server code.
 */

/**
 * Marks a page's second frame, the one drawn for the other kind of visitor
 * (server/plugins/pageFrames.ts draws it, src/app/pageFrame.ts takes it away).
 */
export const ALTERNATE_FRAME = 'data-alternate-frame';

/**
 * The modules src/main.tsx imports one after another, a task each, before the app renders
 * (the startup stages it explains). Every first visit loads them as it loads the entry, so they
 * count in its size and are preloaded with it; src/main.test.ts keeps this list and main.tsx in
 * step.
 */
export const startupStageSources = [
  'src/boot/reactStage.ts',
  'src/boot/libraryStage.ts',
  'src/boot/ariaStage.ts',
  'src/boot/startApp.tsx',
] as const;

/**
 * A shared event's page, '/event/{id}' (src/routes/_shell/event.$id.tsx): its id may hold dots
 * ('ical:party@calendar.example') but never a '/' once decoded by the router.
 */
export const eventPagePath = /^\/event\/[^/]+$/;

/**
 * The kinds of page that have a frame, each with the path its frame is drawn from
 * (server/plugins/pageFrames.ts keeps the full list, with routes and sessions; a test keeps the
 * two in step). Every event's page shares one frame, drawn without an event; 'shell' is the plain
 * index.html, for every other page.
 */
export const frameKinds = {
  home: '/',
  search: '/search',
  saved: '/saved',
  profile: '/profile',
  event: '/event/frame',
  auth: '/auth',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  shell: null,
} as const;
export type FrameKind = keyof typeof frameKinds;

export function isFrameKind(value: string): value is FrameKind {
  return Object.hasOwn(frameKinds, value);
}

/** The frame a page at `pathname` shows; 'shell' for a page without a frame of its own. */
export function frameKindFor(pathname: string): FrameKind {
  if (eventPagePath.test(pathname)) return 'event';
  for (const [kind, path] of Object.entries(frameKinds)) {
    if (path === pathname && kind !== 'event') return kind as FrameKind;
  }
  return 'shell';
}

/**
 * Where the server answers a frame on its own, for the service worker's precache (issue 36):
 * `/page-frames/{locale}/{kind}`. The build's frame version rides in the query (`?v=`): the
 * precache keeps each address as it is, so a new build's frames are new addresses and an
 * unchanged build fetches nothing again (vite.config.ts, scripts/lib/viteFrameWorker.ts).
 */
export const PAGE_FRAMES_PATH = '/page-frames';

/**
 * The file beside index.html that names the build's frame version, for the server: a frame
 * asked for with another build's `?v=` is answered 404 (a rolling deploy's old process must not
 * hand a new worker an old build's frame, whose scripts that worker does not keep).
 */
export const FRAME_VERSION_FILE = 'page-frames-version.txt';

export function precachedFrameUrl(kind: FrameKind, locale: string, version: string): string {
  return `${PAGE_FRAMES_PATH}/${locale}/${kind}?v=${encodeURIComponent(version)}`;
}
