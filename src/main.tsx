import './styles/global.css.ts';
import { nextTask } from './boot/nextTask.ts';

/**
 * The entry: it starts the app in stages, one task each, rather than as one module graph.
 *
 * Evaluating a module graph is a single task, and FamJam's (React DOM, react-aria, the router,
 * React Query, XState, then the app) took a third of a second on a mid-range phone in one piece,
 * all of it counted as blocking time by Lighthouse and felt as a page that ignores taps. Each
 * stage below imports one group of libraries (vite.config.ts puts each group in its own chunk),
 * and the browser gets a turn between stages. The chunks are all fetched at once, before the
 * first stage runs (the build lists them as preloads, started after the first paint by
 * public/theme-init.js), so the stages wait on evaluation only, not on the network.
 */
const stages = [
  () => import('./boot/reactStage.ts'),
  () => import('./boot/libraryStage.ts'),
  () => import('./boot/ariaStage.ts'),
];

async function start(root: HTMLElement): Promise<void> {
  for (const stage of stages) {
    await stage();
    await nextTask();
  }
  const { startApp } = await import('./boot/startApp.tsx');
  startApp(root);
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');
void start(root);
