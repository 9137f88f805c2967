import { useQuery } from '@tanstack/react-query';
import type { JobStatus } from '../../../contract/jobs.ts';
import { jobsQueryOptions } from '../../api/operator.ts';
import { Badge, Inline, Stack } from '../../ui/index.ts';
import { LoadedList } from './LoadedList.tsx';
import * as styles from './operator.css.ts';
import { runTimeText } from './runTime.ts';

/** The jobs server/jobs/timedWork.ts registers, by the names the runner stores them under. */
const jobLabels = new Map<string, string>([
  ['source-polling', 'Source polling'],
  ['picture-fetching', 'Picture fetching'],
  ['unused-pictures', 'Unused pictures clean-up'],
  ['rate-limit-cleanup', 'Rate-limit clean-up'],
]);

/** A job this screen does not know yet (a newer server's) still shows, by its stored name. */
export function jobLabel(name: string): string {
  return jobLabels.get(name) ?? name;
}

/**
 * The server's timed work (server/jobs/runner.ts): each job with its last and next run, and why
 * it keeps failing when it does. The same status `npm run sources -- list` prints.
 */
export function TimedWork() {
  const query = useQuery(jobsQueryOptions());
  return (
    <Stack as="section" space="3" aria-labelledby="operator-jobs">
      <h2 id="operator-jobs" className={styles.sectionTitle}>
        Timed work
      </h2>
      <LoadedList
        query={query}
        items={(data) => data.jobs}
        itemKey={(job) => job.name}
        skeletonHeight={96}
        problem="We couldn't load the timed work."
        empty={{
          icon: 'calendar',
          title: 'No timed work has run yet.',
          text: 'Each job shows up here once a server process has started it.',
        }}
      >
        {(job) => <JobCard job={job} />}
      </LoadedList>
    </Stack>
  );
}

function JobCard({ job }: { job: JobStatus }) {
  const titleId = `job-${job.name}`;
  const label = jobLabel(job.name);
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <Inline space="2" justify="space-between" wrap={false}>
        <h3 id={titleId} className={styles.cardTitle}>
          {label}
        </h3>
        {job.running ? <Badge tone="success">Running</Badge> : null}
      </Inline>
      <p className={styles.meta}>
        Last run: {job.lastRunAt === null ? 'Never' : runTimeText(job.lastRunAt)}
      </p>
      <p className={styles.meta}>Next run: {runTimeText(job.nextRunAt)}</p>
      {job.lastError ? (
        <div className={styles.jobFailure}>
          {job.failures > 0 ? (
            <p className={styles.jobFailureCount}>
              {job.failures} failed {job.failures === 1 ? 'run' : 'runs'} in a row
            </p>
          ) : null}
          <p className={styles.jobFailureText}>Last error: {job.lastError}</p>
        </div>
      ) : null}
    </article>
  );
}
