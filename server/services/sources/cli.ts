import { parseArgs } from 'node:util';
import type { JobStatus } from '../../../contract/jobs.ts';
import type { SourceSummary } from '../../../contract/sources.ts';
import type { DatabaseHandle, DatabaseTarget } from '../../db/client.ts';
import { databaseTargetFromEnv } from '../../ingest/cli.ts';
import type { ResolveHost } from '../../ingest/download.ts';
import { sourcePollingJobName } from '../../jobs/sourcePolling.ts';
import {
  enabledSources,
  findSource,
  listSources,
  removeSource,
  setSourceEnabled,
} from '../../stores/sources.ts';
import { findJobStatus } from '../jobs.ts';
import type { FetchDependencies } from './fetch.ts';
import { checkNewSource, DuplicateSourceError, NewSourceError } from './newSource.ts';
import { type RunResult, runSource } from './run.ts';
import { formatInterval } from './schedule.ts';
import { insertCheckedSource } from './sources.ts';

/**
 * `npm run sources -- <command>`: the sources the server polls (docs/sources.md). Exit codes:
 * 0 done, 1 a source's run failed or the id names no source, 2 a wrong command line.
 */

const usage = [
  'Usage: npm run sources -- <command>',
  '',
  '  add <ical|jsonld|ticketmaster> <url-or-query> --name "…" --every 6h',
  '      [--location "Oakland, CA"] [--time-zone America/Los_Angeles] [--allow-private-network]',
  '      ical          an iCalendar (.ics) feed URL',
  '      jsonld        a web page with schema.org events (JSON-LD, microdata or RDFa)',
  '      ticketmaster  a Ticketmaster Discovery query, e.g. "city=Oakland&stateCode=CA" or',
  '                    "latlong=37.8,-122.27&radius=25" (the key comes from TICKETMASTER_API_KEY)',
  '      --every       how often: 30m, 6h, 1d, 1w (5m to 1w)',
  '      --location    where events that name no place happen (a city, ZIP or "lat, lon")',
  '      --time-zone   the zone of times written without one (default: the location’s)',
  '      --allow-private-network  let the feed be on this machine or a private network',
  '  list                  every source: interval, last run and its figures, last error',
  '  run <id> | --all      run one source, or every enabled one, now',
  '  pause <id>            stop polling it (its events stay)',
  '  resume <id>           poll it again, starting now',
  '  remove <id>           forget it (its events stay)',
  '',
  'Writes to DATABASE_URL when set, else to the embedded database in FAMJAM_DATA_DIR (.data).',
  'The embedded database allows one process at a time: stop the server before using this on it.',
].join('\n');

export interface SourcesCliDependencies {
  env: NodeJS.ProcessEnv;
  /** DNS, injectable so tests never leave this machine. */
  resolve: ResolveHost;
  now: () => Date;
  out: (line: string) => void;
  err: (line: string) => void;
  openDatabase: (target: DatabaseTarget) => Promise<DatabaseHandle>;
  /** Only tests set these (a short time limit, a small size limit). */
  fetchLimits?: Pick<FetchDependencies, 'maxBytes' | 'timeoutMs'>;
}

/** A wrong command line: the message, then the usage, exit code 2. */
class UsageError extends Error {
  override name = 'UsageError';
}

/** A command that could not be done (no such source, a run that failed): exit code 1. */
class CommandError extends Error {
  override name = 'CommandError';
}

function parseId(value: string | undefined): number {
  if (value === undefined)
    throw new UsageError('Expected a source id (see npm run sources -- list).');
  if (!/^\d{1,9}$/.test(value) || Number(value) === 0) {
    throw new UsageError(`"${value}" is not a source id: ids are whole numbers (see list).`);
  }
  return Number(value);
}

function formatTime(date: string | null): string {
  return date ? `${date.slice(0, 16).replace('T', ' ')} UTC` : 'never';
}

/** One line per source, everything an operator looks at first. */
export function formatSourceLine(source: SourceSummary): string {
  const parts = [
    `#${source.id}`,
    source.name,
    source.kind,
    `every ${formatInterval(source.intervalSeconds)}`,
    source.enabled ? null : 'paused',
    `last run ${formatTime(source.lastRunAt)}${source.lastOutcome ? ` (${source.lastOutcome})` : ''}`,
    `added ${source.added}, updated ${source.updated}, skipped ${source.skipped}, invalid ${source.invalid}, cancelled ${source.cancelled}`,
    `${source.eventCount} ${source.eventCount === 1 ? 'event' : 'events'}`,
    source.enabled ? `next ${formatTime(source.nextRunAt)}` : null,
    source.lastError ? `error: ${source.lastError}` : null,
  ];
  return parts.filter((part) => part !== null).join('  ');
}

/** The server's polling (the runner's job), after the sources. */
export function formatPollingLine(polling: JobStatus): string {
  const parts = [
    'Polling:',
    polling.running ? 'running now' : null,
    `last poll ${formatTime(polling.lastRunAt)}`,
    `next ${formatTime(polling.nextRunAt)}`,
    polling.lastError
      ? `failed ${polling.failures} ${polling.failures === 1 ? 'time' : 'times'} in a row, error: ${polling.lastError}`
      : null,
  ];
  return parts.filter((part) => part !== null).join('  ');
}

interface AddValues {
  name?: string | undefined;
  every?: string | undefined;
  location?: string | undefined;
  'time-zone'?: string | undefined;
  'allow-private-network'?: boolean | undefined;
}

/** The shared checks (newSource.ts), worded with this command line's option names. */
function sourceToAdd(kind: string | undefined, target: string | undefined, values: AddValues) {
  try {
    return checkNewSource({
      kind,
      target,
      name: values.name,
      every: values.every,
      location: values.location,
      timeZone: values['time-zone'],
      allowPrivateNetwork: values['allow-private-network'],
    });
  } catch (error) {
    if (!(error instanceof NewSourceError)) throw error;
    throw new UsageError(cliWording(error));
  }
}

function cliWording(error: NewSourceError): string {
  if (error.field === 'name' && error.missing) {
    return 'Give the source a name: --name "Oakland Public Library".';
  }
  if (error.field === 'every' && error.missing) return 'Say how often to poll it: --every 6h.';
  if (error.field === 'location') return `--location: ${error.message}`;
  if (error.field === 'timeZone') return `--time-zone: ${error.message}`;
  return error.message;
}

function describeRun(name: string, result: RunResult): string[] {
  const head = `#${result.sourceId} ${name}: `;
  if (result.outcome === 'failed') return [`${head}failed: ${result.error ?? 'unknown error'}`];
  if (result.outcome === 'not_modified' || !result.counts) {
    return [`${head}not modified since the last run`];
  }
  const counts = result.counts;
  return [
    `${head}added ${counts.added}, updated ${counts.updated}, skipped ${counts.skipped}, invalid ${counts.invalid}, cancelled ${counts.cancelled}`,
    ...counts.invalidRecords.map((record) => `  invalid: ${record.label}: ${record.reason}`),
    ...(counts.watchedMatchingFailure
      ? [
          `  the new events were not checked against the watched searches (error ${counts.watchedMatchingFailure}); the run's events are kept`,
        ]
      : []),
    ...(counts.capped
      ? [
          '  stopped at the run limit (FAMJAM_SOURCES_RUN_MAX_EVENTS or _SECONDS); the next run goes on with the rest',
        ]
      : []),
  ];
}

function parseCommandLine(args: readonly string[]) {
  try {
    return parseArgs({
      args: args[0] === '--' ? args.slice(1) : [...args],
      allowPositionals: true,
      strict: true,
      options: {
        name: { type: 'string' },
        every: { type: 'string' },
        location: { type: 'string' },
        'time-zone': { type: 'string' },
        'allow-private-network': { type: 'boolean' },
        all: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // Node's wording goes on about positionals; the option's name is what the operator needs.
    const option = /^Unknown option '([^']+)'/.exec(message)?.[1];
    throw new UsageError(option ? `Unknown option "${option}".` : message);
  }
}

async function execute(
  args: readonly string[],
  deps: SourcesCliDependencies,
  open: () => Promise<DatabaseHandle>,
): Promise<number> {
  const { values, positionals } = parseCommandLine(args);
  const [command, ...rest] = positionals;
  if (values.help || command === 'help') {
    deps.out(usage);
    return 0;
  }
  const expectArguments = (count: number) => {
    if (rest.length > count) throw new UsageError(`Unexpected "${rest[count]}".`);
  };
  switch (command) {
    case 'add': {
      expectArguments(2);
      const toAdd = sourceToAdd(rest[0], rest[1], values);
      const handle = await open();
      let id: number;
      try {
        id = await insertCheckedSource(handle.db, toAdd, deps.now());
      } catch (error) {
        if (error instanceof DuplicateSourceError) throw new CommandError(error.message);
        throw error;
      }
      deps.out(
        `Added source #${id}: ${toAdd.name} (${toAdd.kind}, every ${formatInterval(toAdd.intervalSeconds)}${toAdd.defaultLocation ? `, events without a place at ${toAdd.defaultLocation}` : ''}). The server fetches it at its next poll; to fetch it now: npm run sources -- run ${id}`,
      );
      return 0;
    }
    case 'list': {
      expectArguments(0);
      const handle = await open();
      const all = await listSources(handle.db);
      if (all.length === 0) {
        deps.out(
          'No sources yet. Add one with: npm run sources -- add ical <url> --name "…" --every 6h',
        );
      }
      for (const source of all) deps.out(formatSourceLine(source));
      // How the server's polling goes, once a server has polled this database.
      const polling = await findJobStatus(handle.db, sourcePollingJobName, deps.now());
      if (polling) deps.out(formatPollingLine(polling));
      return 0;
    }
    case 'run': {
      expectArguments(values.all ? 0 : 1);
      if (!values.all && rest.length === 0) {
        throw new UsageError('Expected a source id or --all.');
      }
      const id = values.all ? null : parseId(rest[0]);
      const handle = await open();
      const runDeps = {
        resolve: deps.resolve,
        now: deps.now,
        ticketmasterApiKey: deps.env.TICKETMASTER_API_KEY?.trim() || null,
        ...deps.fetchLimits,
      };
      const chosen =
        id === null ? await enabledSources(handle.db) : [await findSource(handle.db, id)];
      let failed = 0;
      for (const source of chosen) {
        if (!source) throw new CommandError(`There is no source #${id}.`);
        const result = await runSource(handle.db, source, runDeps);
        if (result.outcome === 'failed') failed += 1;
        for (const line of describeRun(source.name, result)) {
          (result.outcome === 'failed' ? deps.err : deps.out)(line);
        }
      }
      if (chosen.length === 0) deps.out('No enabled sources to run.');
      return failed > 0 ? 1 : 0;
    }
    case 'pause':
    case 'resume': {
      expectArguments(1);
      const id = parseId(rest[0]);
      const handle = await open();
      const changed = await setSourceEnabled(handle.db, id, command === 'resume', deps.now());
      if (!changed) throw new CommandError(`There is no source #${id}.`);
      deps.out(
        command === 'pause'
          ? `Paused #${id} ${changed.name}: the server leaves it alone until it is resumed; its events stay.`
          : `Resumed #${id} ${changed.name}: the server fetches it at its next poll.`,
      );
      return 0;
    }
    case 'remove': {
      expectArguments(1);
      const id = parseId(rest[0]);
      const handle = await open();
      const source = await findSource(handle.db, id);
      if (!source || !(await removeSource(handle.db, id))) {
        throw new CommandError(`There is no source #${id}.`);
      }
      deps.out(`Removed #${id} ${source.name}. The events it brought stay.`);
      return 0;
    }
    default:
      throw new UsageError(command ? `Unknown command "${command}".` : 'Expected a command.');
  }
}

export async function runSourcesCli(
  args: readonly string[],
  deps: SourcesCliDependencies,
): Promise<number> {
  let handle: DatabaseHandle | null = null;
  // The database is opened only once the command line is known to be right.
  const open = async () => {
    handle ??= await deps.openDatabase(databaseTargetFromEnv(deps.env));
    return handle;
  };
  try {
    return await execute(args, deps, open);
  } catch (error) {
    if (error instanceof UsageError) {
      deps.err(error.message);
      deps.err(usage);
      return 2;
    }
    deps.err(
      error instanceof CommandError
        ? error.message
        : `Failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  } finally {
    await (handle as DatabaseHandle | null)?.close();
  }
}
