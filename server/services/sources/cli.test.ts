import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle, DatabaseTarget } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { sources } from '../../db/schema/sources.ts';
import { sourcePollingJobName } from '../../jobs/sourcePolling.ts';
import { findSource } from '../../stores/sources.ts';
import { openTestDatabase } from '../../test/database.ts';
import { type FeedServer, fakeDns, icsFeed, startFeedServer } from '../../test/testFeeds.ts';
import { runSourcesCli, type SourcesCliDependencies } from './cli.ts';

let shared: DatabaseHandle;
let feeds: FeedServer;
const now = new Date('2026-12-01T12:00:00Z');

/** The commands share one database, as they share .data/ or DATABASE_URL in real use. */
function harness(env: NodeJS.ProcessEnv = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const opened: DatabaseTarget[] = [];
  const deps: SourcesCliDependencies = {
    env,
    resolve: fakeDns({}),
    now: () => now,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    openDatabase: async (target) => {
      opened.push(target);
      // Closing after a command must leave the shared database open for the next one.
      return { ...shared, close: async () => {} };
    },
  };
  const run = (...args: string[]) => runSourcesCli(args, deps);
  return { run, out, err, opened };
}

beforeAll(async () => {
  shared = await openTestDatabase();
  feeds = await startFeedServer();
});

afterAll(async () => {
  await feeds.close();
  await shared.close();
});

beforeEach(async () => {
  await shared.db.delete(sources);
  await shared.db.delete(events);
});

describe('npm run sources', { timeout: 120_000 }, () => {
  it('adds a source, lists it, runs it and reports what it found', async () => {
    feeds.set('/library.ics', {
      body: icsFeed([
        { uid: 'story@library', summary: 'Story Time', start: new Date('2026-12-05T18:00:00Z') },
      ]),
    });
    const add = harness();
    expect(
      await add.run(
        '--',
        'add',
        'ical',
        feeds.url('/library.ics'),
        '--name',
        'Oakland Public Library',
        '--every',
        '6h',
        '--allow-private-network',
      ),
    ).toBe(0);
    expect(add.out[0]).toMatch(/^Added source #\d+: Oakland Public Library \(ical, every 6h\)/);
    const id = Number(/#(\d+)/.exec(add.out[0] ?? '')?.[1]);

    const list = harness();
    expect(await list.run('list')).toBe(0);
    expect(list.out).toEqual([
      `#${id}  Oakland Public Library  ical  every 6h  last run never  added 0, updated 0, skipped 0, invalid 0, cancelled 0  0 events  next 2026-12-01 12:00 UTC`,
    ]);

    const run = harness();
    expect(await run.run('run', String(id))).toBe(0);
    expect(run.out).toEqual([
      `#${id} Oakland Public Library: added 1, updated 0, skipped 0, invalid 0, cancelled 0`,
    ]);
    const after = harness();
    await after.run('list');
    expect(after.out[0]).toContain('last run 2026-12-01 12:00 UTC (ok)  added 1,');
    expect(after.out[0]).toContain('1 event  next 2026-12-01 18:00 UTC');
  });

  it('places events without a place of their own with --location, in its time zone', async () => {
    const add = harness();
    expect(
      await add.run(
        'add',
        'jsonld',
        'https://parks.example/events',
        '--name',
        'Parks',
        '--every',
        '1d',
        '--location',
        'Oakland, CA',
      ),
    ).toBe(0);
    const [row] = await shared.db.select().from(sources);
    expect(row).toMatchObject({
      kind: 'jsonld',
      url: 'https://parks.example/events',
      intervalSeconds: 86_400,
      defaultLocation: 'Oakland, CA',
      defaultTimeZone: 'America/Los_Angeles',
      allowPrivateNetwork: false,
    });
    expect(row?.defaultLatitude).toBeCloseTo(37.8, 1);
  });

  it('stores a Ticketmaster query without the address or a key', async () => {
    const add = harness();
    expect(
      await add.run(
        'add',
        'ticketmaster',
        '?latlong=37.8,-122.27&radius=25',
        '--name',
        'East Bay',
        '--every',
        '12h',
      ),
    ).toBe(0);
    const [row] = await shared.db.select().from(sources);
    expect(row?.url).toBe('latlong=37.8%2C-122.27&radius=25');
    const withKey = harness();
    expect(
      await withKey.run(
        'add',
        'ticketmaster',
        'city=Oakland&apikey=abc',
        '--name',
        'X',
        '--every',
        '6h',
      ),
    ).toBe(2);
    expect(withKey.err[0]).toMatch(/^Leave apikey out of the query/);
  });

  it('refuses a wrong command line with the reason and the usage, without opening the database', async () => {
    const cases: [string[], string][] = [
      [
        ['add', 'csv', 'https://x.example/', '--name', 'X', '--every', '6h'],
        'Unknown kind "csv": expected one of ical, jsonld, ticketmaster.',
      ],
      [
        ['add', 'ical', 'https://x.example/', '--name', 'X', '--every', '6x'],
        '"6x" is not an interval: write a number and a unit, e.g. 30m, 6h, 1d or 1w.',
      ],
      [
        ['add', 'ical', 'https://x.example/', '--name', 'X', '--every', '1m'],
        'The interval must be between 5m and 1w (got 1m).',
      ],
      [
        ['add', 'ical', 'https://x.example/', '--every', '6h'],
        'Give the source a name: --name "Oakland Public Library".',
      ],
      [
        ['add', 'ical', 'not a url', '--name', 'X', '--every', '6h'],
        '"not a url" is not a URL: give the feed\'s full http(s) address.',
      ],
      [
        [
          'add',
          'ical',
          'https://x.example/',
          '--name',
          'X',
          '--every',
          '6h',
          '--location',
          'Nowhereville Zzzq',
        ],
        "--location: We couldn't find the place \"Nowhereville Zzzq\". Try a city name, ZIP code or 'lat, lon'.",
      ],
      [
        [
          'add',
          'ical',
          'https://x.example/',
          '--name',
          'X',
          '--every',
          '6h',
          '--time-zone',
          'Mars/Olympus',
        ],
        '--time-zone: "Mars/Olympus" is not an IANA time zone (e.g. America/Los_Angeles).',
      ],
      [['run'], 'Expected a source id or --all.'],
      [['run', 'abc'], '"abc" is not a source id: ids are whole numbers (see list).'],
      [['launch'], 'Unknown command "launch".'],
      [['list', '--colour'], 'Unknown option "--colour".'],
    ];
    for (const [args, message] of cases) {
      const cli = harness();
      expect(await cli.run(...args), args.join(' ')).toBe(2);
      expect(cli.err[0], args.join(' ')).toBe(message);
      expect(cli.err[1]).toMatch(/^Usage: npm run sources -- <command>/);
      expect(cli.opened).toEqual([]);
    }
  });

  it('says when an id names no source, with exit code 1', async () => {
    for (const command of ['run', 'pause', 'resume', 'remove']) {
      const cli = harness();
      expect(await cli.run(command, '4242'), command).toBe(1);
      expect(cli.err).toEqual(['There is no source #4242.']);
    }
  });

  it('pauses, resumes and removes; a failed run exits 1 with the reason', async () => {
    feeds.set('/down.ics', { status: 500 });
    const add = harness();
    await add.run(
      'add',
      'ical',
      feeds.url('/down.ics'),
      '--name',
      'Down',
      '--every',
      '1h',
      '--allow-private-network',
    );
    const id = Number(/#(\d+)/.exec(add.out[0] ?? '')?.[1]);
    const again = harness();
    expect(
      await again.run('add', 'ical', feeds.url('/down.ics'), '--name', 'Twice', '--every', '1h'),
    ).toBe(1);
    expect(again.err).toEqual([`That ical source is already #${id}.`]);

    const run = harness();
    expect(await run.run('run', '--all')).toBe(1);
    expect(run.err).toEqual([
      `#${id} Down: failed: ${feeds.url('/down.ics')} answered 500 Internal Server Error`,
    ]);

    const pause = harness();
    expect(await pause.run('pause', String(id))).toBe(0);
    expect((await findSource(shared.db, id))?.enabled).toBe(false);
    const list = harness();
    await list.run('list');
    expect(list.out[0]).toContain('every 1h  paused  last run');
    expect(list.out[0]).toContain(`error: ${feeds.url('/down.ics')} answered 500`);
    const runAll = harness();
    expect(await runAll.run('run', '--all')).toBe(0);
    expect(runAll.out).toEqual(['No enabled sources to run.']);

    const resume = harness();
    expect(await resume.run('resume', String(id))).toBe(0);
    expect(await findSource(shared.db, id)).toMatchObject({
      enabled: true,
      nextRunAt: now,
      consecutiveFailures: 0,
    });

    const remove = harness();
    expect(await remove.run('remove', String(id))).toBe(0);
    expect(remove.out).toEqual([`Removed #${id} Down. The events it brought stay.`]);
    expect(await findSource(shared.db, id)).toBeNull();
  });

  it("ends the list with how the server's polling went, once a server has polled", async () => {
    const list = harness();
    await list.run('list');
    // No server has polled this database: nothing to say.
    expect(list.out.some((line) => line.startsWith('Polling:'))).toBe(false);
    // What a server's runner writes when a poll fails (the database went away, say).
    await shared.db
      .insert(jobs)
      .values({
        name: sourcePollingJobName,
        lastRunAt: new Date('2026-12-01T11:59:00Z'),
        nextRunAt: new Date('2026-12-01T12:01:00Z'),
        lastError: 'connection refused',
        failures: 2,
      })
      .onConflictDoNothing();
    const after = harness();
    expect(await after.run('list')).toBe(0);
    expect(after.out.at(-1)).toBe(
      'Polling:  last poll 2026-12-01 11:59 UTC  next 2026-12-01 12:01 UTC  failed 2 times in a row, error: connection refused',
    );
  });
});
