import { startTestStack } from '../scripts/lib/testStack.ts';

/** Playwright's global setup: the whole stack once for the run; the returned function stops it. */
export default function globalSetup(): Promise<() => Promise<void>> {
  return startTestStack();
}
