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
