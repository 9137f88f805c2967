/**
 * How much of the page's main-thread time was the page's own work, read from the trace of one
 * Lighthouse run. Lighthouse's TBT multiplies each observed task's wall time by 4 (its simulated
 * phone). On a shared two-core machine the renderer is often waiting for a core in the middle of
 * a task (the Node server, Lighthouse, Chromium's compositor and browser process all want one),
 * and that wait is multiplied too: on 2026-11-28 home's long tasks ran on the CPU for a fifth of
 * their wall time. The same sum over each task's thread CPU time is what TBT would be on a
 * machine that ran nothing else: a diagnostic printed beside TBT, never a threshold.
 */

/** The fields of a Chrome trace event this reads. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread CPU time of a complete ('X') event, in µs. */
  tdur?: number;
  args?: {
    name?: string;
    data?: { isLoadingMainFrame?: boolean; documentLoaderURL?: string; navigationId?: string };
  };
}

export interface RendererBlocking {
  /** TBT's sum over the wall time of the tasks after first contentful paint, in ms. */
  wallBlockingMs: number;
  /** The same sum over each task's thread CPU time, in ms. */
  cpuBlockingMs: number;
  /** Thread CPU time over wall time of the tasks that block (0–1); 1 when none do. */
  cpuShareOfLongTasks: number;
}

/** Lighthouse's mobile CPU slowdown and TBT's 50 ms allowance per task. */
const CPU_SLOWDOWN = 4;
const BLOCKING_THRESHOLD_MS = 50;

function blockingMs(durationMs: number, slowdown: number): number {
  return Math.max(0, durationMs * slowdown - BLOCKING_THRESHOLD_MS);
}

/**
 * The renderer's main-thread tasks after the loaded page's first contentful paint, summed as TBT
 * sums them, once by wall time and once by thread CPU time. Throws when the trace has no first
 * contentful paint of a main-frame navigation (the figures would be made up). `cpuSlowdown`: what
 * each task's time is multiplied by, Lighthouse's simulated 4x; 1 for a run whose CPU was
 * throttled in the browser (`npm run audit -- --repeat-visit`), whose trace has the slowdown in
 * it already, thread time included (Chromium's throttling keeps the thread busy).
 */
export function rendererBlocking(
  events: readonly TraceEvent[],
  cpuSlowdown = CPU_SLOWDOWN,
): RendererBlocking {
  // The page's own navigation: frames the page adds later (Firebase's iframe) start
  // navigations with no document URL of their own.
  const navigation = events.findLast(
    (event) =>
      event.name === 'navigationStart' &&
      event.args?.data?.isLoadingMainFrame === true &&
      event.args.data.documentLoaderURL?.startsWith('http') === true,
  );
  const navigationId = navigation?.args?.data?.navigationId;
  const paint =
    navigationId === undefined
      ? undefined
      : events.find(
          (event) =>
            event.name === 'firstContentfulPaint' &&
            event.args?.data?.navigationId === navigationId,
        );
  if (!paint) throw new Error('the trace has no first contentful paint');
  const mainThread = events.find(
    (event) =>
      event.ph === 'M' &&
      event.name === 'thread_name' &&
      event.pid === paint.pid &&
      event.args?.name === 'CrRendererMain',
  );
  if (!mainThread) throw new Error('the trace names no renderer main thread');

  let wallBlocking = 0;
  let cpuBlocking = 0;
  let longWall = 0;
  let longCpu = 0;
  let lastEnd = -Infinity;
  const tasks = events
    .filter(
      (event) =>
        event.ph === 'X' &&
        event.name === 'RunTask' &&
        event.pid === mainThread.pid &&
        event.tid === mainThread.tid &&
        event.ts >= paint.ts,
    )
    .sort((a, b) => a.ts - b.ts);
  for (const task of tasks) {
    // A task nested in another (Chromium reports some) is already inside the outer one's time.
    if (task.ts < lastEnd) continue;
    const wallMs = (task.dur ?? 0) / 1000;
    lastEnd = task.ts + (task.dur ?? 0);
    // Without a thread clock the trace cannot say: count the wall time, as Lighthouse does.
    const cpuMs = task.tdur === undefined ? wallMs : task.tdur / 1000;
    wallBlocking += blockingMs(wallMs, cpuSlowdown);
    cpuBlocking += blockingMs(cpuMs, cpuSlowdown);
    if (blockingMs(wallMs, cpuSlowdown) > 0) {
      longWall += wallMs;
      longCpu += cpuMs;
    }
  }
  return {
    wallBlockingMs: wallBlocking,
    cpuBlockingMs: cpuBlocking,
    cpuShareOfLongTasks: longWall === 0 ? 1 : longCpu / longWall,
  };
}
