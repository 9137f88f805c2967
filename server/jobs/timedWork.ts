import type { AddressInfo } from 'node:net';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { listeningOrigin } from '../publicOrigin.ts';
import { createMailer } from '../services/outreach/mailer.ts';
import { vapidKeysOf } from '../services/outreach/pushKeys.ts';
import { webPushTransport } from '../services/outreach/pushSender.ts';
import { pictureWorkerDependencies } from '../services/pictures/fetchWorker.ts';
import { sourceRunDependencies } from '../services/sources/sources.ts';
import { pictureFetchingJob, unusedPicturesJob } from './pictureFetching.ts';
import { pushSendingJob } from './pushSending.ts';
import { rateLimitCleanupJob } from './rateLimitCleanup.ts';
import type { Job } from './runner.ts';
import { sourcePollingJob } from './sourcePolling.ts';
import { weeklyEmailJob } from './weeklyEmail.ts';

interface TimedWorkLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface TimedWorkSetting {
  db: Database;
  config: ServerConfig;
  log: TimedWorkLog;
  /** The listening socket's address (asked at each use: with PORT=0 it is known only then). */
  address: () => AddressInfo | string | null;
}

/**
 * Every job the server runs, as app.ts registers them with the runner: a new kind of timed work
 * (push, email, watched searches) is one more line here and its own file beside this one.
 */
export function timedWork({ db, config, log, address }: TimedWorkSetting): Job[] {
  const jobs: Job[] = [];
  // With the counts in the memory of each process there is nothing to clear in the database.
  if (config.rateLimitStore === 'database') jobs.push(rateLimitCleanupJob(db));
  // FAMJAM_SOURCES_POLL_SECONDS=0 turns polling off, and the pictures, which come from sources.
  const pollSeconds = config.sources.pollSeconds;
  if (pollSeconds > 0) {
    jobs.push(sourcePollingJob(db, pollSeconds, sourceRunDependencies(config, address), log));
    jobs.push(
      pictureFetchingJob(
        db,
        pollSeconds,
        pictureWorkerDependencies({ config, server: { address } }),
        log,
      ),
    );
    jobs.push(unusedPicturesJob(db, log));
  }
  jobs.push(
    weeklyEmailJob(db, {
      mailer: createMailer(config.email),
      origin: () => config.publicUrl ?? listeningOrigin(config, address()),
      supportEmail: config.legal.supportEmail,
      log,
    }),
  );
  // Web Push (docs/outreach.md#push), signed with the pair buildApp settled;
  // FAMJAM_PUSH_POLL_SECONDS=0 sends none.
  if (config.push.pollSeconds > 0) {
    jobs.push(
      pushSendingJob(
        db,
        config.push.pollSeconds,
        { transport: webPushTransport(config.push, vapidKeysOf(config)) },
        log,
      ),
    );
  }
  return jobs;
}
