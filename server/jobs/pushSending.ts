import type { Database } from '../db/client.ts';
import {
  type PushRunDependencies,
  type PushWalk,
  sendDuePushes,
} from '../services/outreach/pushRun.ts';
import type { Job } from './runner.ts';

/** The name the status carries (the operator screen, `npm run sources -- list`). */
export const pushSendingJobName = 'push-sending';

interface PushSendingLog {
  info(details: object, message: string): void;
}

/**
 * Sends the pushes families are due (docs/outreach.md#push) every FAMJAM_PUSH_POLL_SECONDS (a
 * minute by default), by whichever process holds the job's lease: a reminder goes out within a
 * minute of REMINDER_LOCAL_HOUR and a cancellation within a minute of its import. Each fact's delivery row is claimed before
 * it is sent (services/outreach/pushRun.ts), so even two runs at once never send one twice.
 */
export function pushSendingJob(
  db: Database,
  pollSeconds: number,
  /** What sends (web-push, or a test's stand-in); the clock is the runner's (`context.now()`). */
  dependencies: Omit<PushRunDependencies, 'now'>,
  log: PushSendingLog,
): Job {
  // Where a run that ran out of budget stopped: the next goes on from there.
  const walk: PushWalk = { afterUserId: null };
  return {
    name: pushSendingJobName,
    everyMs: pollSeconds * 1000,
    // Once the server listens, like source polling: an app that never does (a command-line
    // tool's, a test's) sends nobody anything.
    startWhen: 'listening',
    budgetMs: 30_000,
    // A send waits at most 10 s for a push service; a family's few sends are well inside this.
    leaseMs: 5 * 60_000,
    async run(context) {
      const { counts, more } = await sendDuePushes(
        db,
        { ...dependencies, now: () => context.now() },
        walk,
        () => context.shouldStop(),
      );
      // Figures only: never an endpoint, a key or whom it was for.
      if (counts.sent + counts.gone + counts.failed > 0) log.info({ ...counts }, 'pushes sent');
      return { more };
    },
  };
}
