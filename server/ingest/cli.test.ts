import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type DatabaseTarget, openDatabase } from '../db/client.ts';
import { databaseTargetFromEnv, type IngestDependencies, runIngestCli } from './cli.ts';

const fixtures = join(import.meta.dirname, 'fixtures');
const ticketmasterBody = readFileSync(join(fixtures, 'ticketmaster-events.json'), 'utf8');

function harness(overrides: Partial<IngestDependencies> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const opened: DatabaseTarget[] = [];
  const requested: string[] = [];
  const deps: IngestDependencies = {
    env: {},
    now: () => new Date('2026-11-22T12:00:00Z'),
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    fetch: async (input) => {
      requested.push(String(input));
      return new Response(ticketmasterBody, { status: 200 });
    },
    openDatabase: async (target) => {
      opened.push(target);
      return openDatabase({ kind: 'pglite', dataDir: null });
    },
    ...overrides,
  };
  return { deps, out, err, opened, requested };
}

describe('npm run ingest', () => {
  it('explains the command line when it is wrong', async () => {
    const missing = harness();
    expect(await runIngestCli(['ical'], missing.deps)).toBe(2);
    expect(missing.err.join('\n')).toContain('Usage: npm run ingest -- <kind> <file-or-url>');
    const unknown = harness();
    expect(await runIngestCli(['csv', 'events.csv'], unknown.deps)).toBe(2);
    expect(unknown.err[0]).toBe('Unknown kind "csv": expected one of ical, jsonld, ticketmaster.');
    expect(unknown.opened).toEqual([]);
  });

  it('names a missing file without opening the database', async () => {
    const run = harness();
    expect(await runIngestCli(['ical', 'nowhere.ics'], run.deps)).toBe(1);
    expect(run.err).toEqual(['No such file: nowhere.ics']);
    expect(run.opened).toEqual([]);
  });

  it('says a Ticketmaster URL needs TICKETMASTER_API_KEY', async () => {
    const run = harness();
    const code = await runIngestCli(
      ['ticketmaster', 'https://app.ticketmaster.com/discovery/v2/events.json?city=Oakland'],
      run.deps,
    );
    expect(code).toBe(1);
    expect(run.err[0]).toMatch(/^TICKETMASTER_API_KEY is not set\./);
    expect(run.requested).toEqual([]);
  });

  it('fetches a Ticketmaster URL with the key and prints the report', async () => {
    const run = harness({ env: { TICKETMASTER_API_KEY: 'secret-key' } });
    const code = await runIngestCli(
      ['--', 'ticketmaster', 'https://app.ticketmaster.com/discovery/v2/events.json?city=Oakland'],
      run.deps,
    );
    expect(code).toBe(0);
    expect(new URL(run.requested[0] ?? '').searchParams.get('apikey')).toBe('secret-key');
    expect(run.out).toEqual([
      [
        'added 4, updated 0, skipped 1, invalid 1',
        'skipped 1: 1 cancelled',
        'invalid: "Mystery Guest Livestream Watch Party" (id Z7r9jZ1A7bB9x): it has no venue (_embedded.venues is missing), so there is no place to show',
      ].join('\n'),
    ]);
  });

  it('reports an HTTP failure without printing the key', async () => {
    const run = harness({
      env: { TICKETMASTER_API_KEY: 'secret-key' },
      fetch: async () => new Response('{}', { status: 401, statusText: 'Unauthorized' }),
    });
    const code = await runIngestCli(
      ['ticketmaster', 'https://app.ticketmaster.com/discovery/v2/events.json'],
      run.deps,
    );
    expect(code).toBe(1);
    expect(run.err[0]).toContain('401 Unauthorized (check TICKETMASTER_API_KEY)');
    expect(run.err.join('\n')).not.toContain('secret-key');
  });

  it('refuses a document in the wrong format', async () => {
    const run = harness();
    expect(await runIngestCli(['ical', join(fixtures, 'ticketmaster-events.json')], run.deps)).toBe(
      1,
    );
    expect(run.err[0]).toBe('This is not an iCalendar file: it has no BEGIN:VCALENDAR line.');
  });

  it('writes where the server reads: DATABASE_URL, else .data/pglite', () => {
    expect(databaseTargetFromEnv({ DATABASE_URL: 'postgres://u:p@db:5432/famjam' })).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@db:5432/famjam',
    });
    expect(databaseTargetFromEnv({ FAMJAM_DATA_DIR: '/srv/famjam' })).toEqual({
      kind: 'pglite',
      dataDir: '/srv/famjam/pglite',
    });
  });
});
