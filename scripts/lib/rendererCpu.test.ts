import { describe, expect, it } from 'vitest';
import { rendererBlocking, type TraceEvent } from './rendererCpu.ts';

const renderer = 7;
const mainThread = 1;

/** A trace of one page load: its navigation, its first contentful paint at 1,000 ms, the thread names. */
function pageLoad(tasks: TraceEvent[]): TraceEvent[] {
  return [
    {
      name: 'thread_name',
      ph: 'M',
      pid: renderer,
      tid: mainThread,
      ts: 0,
      args: { name: 'CrRendererMain' },
    },
    { name: 'thread_name', ph: 'M', pid: renderer, tid: 2, ts: 0, args: { name: 'Compositor' } },
    {
      name: 'navigationStart',
      ph: 'R',
      pid: renderer,
      tid: mainThread,
      ts: 100_000,
      args: {
        data: {
          isLoadingMainFrame: true,
          documentLoaderURL: 'http://127.0.0.1/',
          navigationId: 'page',
        },
      },
    },
    // A frame the page adds later navigates too, with no document URL of its own.
    {
      name: 'navigationStart',
      ph: 'R',
      pid: renderer,
      tid: mainThread,
      ts: 1_500_000,
      args: { data: { isLoadingMainFrame: true, documentLoaderURL: '', navigationId: 'iframe' } },
    },
    {
      name: 'firstContentfulPaint',
      ph: 'R',
      pid: renderer,
      tid: mainThread,
      ts: 1_000_000,
      args: { data: { navigationId: 'page' } },
    },
    ...tasks,
  ];
}

/** A main-thread task at `atMs` that took `wallMs` and ran on a core for `cpuMs`. */
function task(atMs: number, wallMs: number, cpuMs: number, tid = mainThread): TraceEvent {
  return {
    name: 'RunTask',
    ph: 'X',
    pid: renderer,
    tid,
    ts: atMs * 1000,
    dur: wallMs * 1000,
    tdur: cpuMs * 1000,
  };
}

describe('the renderer main thread blocking, by wall and by CPU time', () => {
  it('sums TBT over wall time and over thread CPU time of the tasks after first contentful paint', () => {
    const blocking = rendererBlocking(
      pageLoad([
        task(500, 100, 100), // before the first paint: not counted
        task(1_100, 40, 10), // 160 − 50 by wall, 0 by CPU (40 ≤ 50)
        task(1_200, 30, 25), // 70 by wall, 50 by CPU
        task(1_300, 10, 10), // 40: under the allowance either way
        task(1_400, 80, 80, 2), // another thread: not the page's main thread
      ]),
    );
    expect(blocking.wallBlockingMs).toBeCloseTo(110 + 70);
    expect(blocking.cpuBlockingMs).toBeCloseTo(50);
    // The two tasks that block by wall time ran for 35 of their 70 ms.
    expect(blocking.cpuShareOfLongTasks).toBeCloseTo(0.5);
  });

  it('counts a task nested in another once', () => {
    const blocking = rendererBlocking(pageLoad([task(1_100, 40, 40), task(1_110, 20, 20)]));
    expect(blocking.cpuBlockingMs).toBeCloseTo(110);
  });

  it('multiplies by nothing when the browser throttled the CPU itself (a repeat-visit audit)', () => {
    // 40 ms and 120 ms of thread time, already slowed: only the second blocks, by 70 ms.
    const blocking = rendererBlocking(pageLoad([task(1_100, 40, 40), task(1_200, 120, 120)]), 1);
    expect(blocking.cpuBlockingMs).toBeCloseTo(70);
  });

  it('counts the wall time of a task the trace gives no thread time for, as Lighthouse would', () => {
    const { tdur: _none, ...untimed } = task(1_100, 40, 0);
    expect(rendererBlocking(pageLoad([untimed])).cpuBlockingMs).toBeCloseTo(110);
  });

  it('refuses a trace without the page’s first contentful paint rather than reporting none', () => {
    const withoutPaint = pageLoad([task(1_100, 40, 40)]).filter(
      (event) => event.name !== 'firstContentfulPaint',
    );
    expect(() => rendererBlocking(withoutPaint)).toThrow('no first contentful paint');
  });
});
