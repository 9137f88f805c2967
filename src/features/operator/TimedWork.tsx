import { useQuery } from '@tanstack/react-query';
import type { JobStatus } from '../../../contract/jobs.ts';
import { jobsQueryOptions } from '../../api/operator.ts';
import { Badge, Inline, Stack } from '../../ui/index.ts';
import { LoadedList } from './LoadedList.tsx';
import { i18n } from './messages.ts';
import * as styles from './operator.css.ts';
import { runTimeText } from './runTime.ts';

/** The jobs server/jobs/timedWork.ts registers, by the names the runner stores them under. */
const jobLabels = new Map<string, () => string>([
  ['source-polling', () => i18n.t('operator.jobs.sourcePolling')],
  ['picture-fetching', () => i18n.t('operator.jobs.pictureFetching')],
  ['unused-pictures', () => i18n.t('operator.jobs.unusedPictures')],
  ['rate-limit-cleanup', () => i18n.t('operator.jobs.rateLimitCleanup')],
]);

/** A job this screen does not know yet (a newer server's) still shows, by its stored name. */
export function jobLabel(name: string): string {
  return jobLabels.get(name)?.() ?? name;
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
        {i18n.t('operator.jobs.title')}
      </h2>
      <LoadedList
        query={query}
        items={(data) => data.jobs}
        itemKey={(job) => job.name}
        skeletonHeight={96}
        problem={i18n.t('operator.jobs.loadFailed')}
        empty={{
          icon: 'calendar',
          title: i18n.t('operator.jobs.emptyTitle'),
          text: i18n.t('operator.jobs.emptyText'),
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
        {job.running ? <Badge tone="success">{i18n.t('operator.jobs.running')}</Badge> : null}
      </Inline>
      <p className={styles.meta}>
        {job.lastRunAt === null
          ? i18n.t('operator.jobs.neverRun')
          : i18n.t('operator.jobs.lastRun', { when: runTimeText(job.lastRunAt) })}
      </p>
      <p className={styles.meta}>
        {i18n.t('operator.jobs.nextRun', { when: runTimeText(job.nextRunAt) })}
      </p>
      {job.lastError ? (
        <div className={styles.jobFailure}>
          {job.failures > 0 ? (
            <p className={styles.jobFailureCount}>
              {i18n.t('operator.jobs.failures', { count: job.failures })}
            </p>
          ) : null}
          <p className={styles.jobFailureText}>
            {i18n.t('operator.lastError', { error: job.lastError })}
          </p>
        </div>
      ) : null}
    </article>
  );
}
