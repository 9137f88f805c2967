/**
 * Resolves in a new task, so the browser may paint and handle input in between. Startup is cut
 * into such tasks: Lighthouse counts every part of a task past 50 ms (at a phone's 4x slowdown)
 * as blocking time, and a page that ignores a tap for that long feels broken.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
