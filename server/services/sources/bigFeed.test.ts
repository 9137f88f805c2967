import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { eventSources, sources } from '../../db/schema/sources.ts';
import { findSource } from '../../stores/sources.ts';
import { openTestDatabase } from '../../test/database.ts';
import { buildTestApp, testConfig } from '../../test/helpers.ts';
import {
  type FeedEvent,
  type FeedServer,
  fakeDns,
  jsonLdPage,
  startFeedServer,
} from '../../test/testFeeds.ts';
import { rowsPerBatch } from './importRun.ts';
import { type RunDependencies, runDueSources } from './run.ts';
import { runSourceNow, sourceRunDependencies } from './sources.ts';

/**
 * Issue 31 B.3: a big feed must not stop the API answering; a run is bounded (events, time) and
 * the next one goes on; an unchanged feed polled again writes nothing; and the server listens
 * before it polls. Assertions are on order and progress, never on how long something took.
 */

const clock = new Date('2026-12-01T12:00:00Z');
const day = 86_400_000;

function feedEvents(count: number, from = 0): FeedEvent[] {
  return Array.from({ length: count }, (_, index) => ({
    uid: `big-${from + index}`,
    summary: `Story time number ${from + index}`,
    start: new Date(clock.getTime() + (1 + ((from + index) % 60)) * day),
  }));
}

let handle: DatabaseHandle;
let feeds: FeedServer;

function deps(overrides: Partial<RunDependencies> = {}): RunDependencies {
  return { resolve: fakeDns({}), now: () => clock, ticketmasterApiKey: null, ...overrides };
}

async function addFeed(db: DatabaseHandle['db'], path: string, nextRunAt = clock) {
  const [row] = await db
    .insert(sources)
    .values({
      kind: 'jsonld',
      name: 'Big feed',
      url: feeds.url(path),
      intervalSeconds: 3600,
      allowPrivateNetwork: true,
      nextRunAt,
    })
    .returning();
  if (!row) throw new Error('no source row');
  return row;
}

async function storedCount(db: DatabaseHandle['db'], sourceId: number): Promise<number> {
  const rows = await db
    .select({ key: eventSources.sourceKey })
    .from(eventSources)
    .where(eq(eventSources.sourceId, sourceId));
  return rows.length;
}

beforeAll(async () => {
  handle = await openTestDatabase();
  feeds = await startFeedServer();
});

afterAll(async () => {
  await feeds.close();
  await handle.close();
});

afterEach(async () => {
  await handle.db.delete(sources);
  await handle.db.delete(events);
});

describe('a run’s limits', { timeout: 180_000 }, () => {
  it('stops a run at the event limit, and the next run goes on where it stopped', async () => {
    feeds.set('/capped', { body: jsonLdPage(feedEvents(5)), headers: { etag: '"v1"' } });
    const feed = await addFeed(handle.db, '/capped');
    const limited = deps({ runLimits: { maxEvents: 2, maxSeconds: 120 } });

    const [first] = await runDueSources(handle.db, limited);
    expect(first?.counts).toMatchObject({ added: 2, capped: true, absenceCounted: true });
    const afterFirst = await findSource(handle.db, feed.id);
    // Due again at once, and without the validators: the next run reads the whole feed.
    expect(afterFirst).toMatchObject({ nextRunAt: clock, etag: null, lastOutcome: 'ok' });

    const [second] = await runDueSources(handle.db, limited);
    expect(second?.counts).toMatchObject({ added: 2, capped: true });
    const [third] = await runDueSources(handle.db, limited);
    expect(third?.counts).toMatchObject({ added: 1, skipped: 4, capped: false });
    expect(await storedCount(handle.db, feed.id)).toBe(5);
    expect(await findSource(handle.db, feed.id)).toMatchObject({
      etag: '"v1"',
      nextRunAt: new Date(clock.getTime() + 3600_000),
    });
  });

  it('stops at the time limit after a batch, and does not count what it did not reach as gone', async () => {
    feeds.set('/slow', { body: jsonLdPage(feedEvents(3 * rowsPerBatch)) });
    const feed = await addFeed(handle.db, '/slow');
    // No time at all: each run still writes one batch, so it always gets on.
    const noTime = deps({ runLimits: { maxEvents: 5000, maxSeconds: 0 } });
    const [first] = await runDueSources(handle.db, noTime);
    expect(first?.counts).toMatchObject({ added: rowsPerBatch, capped: true });
    const [second] = await runDueSources(handle.db, noTime);
    expect(second?.counts).toMatchObject({ added: rowsPerBatch, capped: true });
    expect(await storedCount(handle.db, feed.id)).toBe(2 * rowsPerBatch);
    // The listings it did not reach were not taken as gone: nothing is cancelled.
    const [third] = await runDueSources(handle.db, deps());
    expect(third?.counts).toMatchObject({ added: rowsPerBatch, cancelled: 0, capped: false });
    const cancelled = await handle.db
      .select({ id: events.id })
      .from(events)
      .where(sql`${events.cancelledAt} IS NOT NULL`);
    expect(cancelled).toEqual([]);
  });

  it('runs a source cut short once per poll, leaving the next poll to go on', async () => {
    feeds.set('/once', { body: jsonLdPage(feedEvents(3)) });
    await addFeed(handle.db, '/once');
    const runs = await runDueSources(
      handle.db,
      deps({ runLimits: { maxEvents: 1, maxSeconds: 120 } }),
    );
    expect(runs).toHaveLength(1);
    expect(runs[0]?.counts).toMatchObject({ added: 1, capped: true });
  });
});

describe('polling an unchanged feed again', { timeout: 180_000 }, () => {
  it('writes no row', async () => {
    // No ETag: the feed is fetched and read whole again.
    feeds.set('/same', { body: jsonLdPage(feedEvents(300)) });
    const feed = await addFeed(handle.db, '/same');
    const [first] = await runDueSources(handle.db, deps());
    expect(first?.counts).toMatchObject({ added: 300 });
    // xmin is the transaction that wrote a row's current version: unchanged means not rewritten.
    const version = sql<string>`xmin::text`;
    const versions = async () => ({
      events: await handle.db.select({ id: events.id, version }).from(events).orderBy(events.id),
      links: await handle.db
        .select({ key: eventSources.sourceKey, version })
        .from(eventSources)
        .orderBy(eventSources.sourceKey),
    });
    const before = await versions();
    await handle.db.update(sources).set({ nextRunAt: clock }).where(eq(sources.id, feed.id));
    const [again] = await runDueSources(handle.db, deps());
    expect(again?.counts).toMatchObject({ added: 0, updated: 0, skipped: 300, cancelled: 0 });
    expect(await versions()).toEqual(before);
  });
});

describe('a big feed while the server answers', { timeout: 300_000 }, () => {
  it('answers requests while the feed is being imported', async () => {
    const app = await buildTestApp({
      sources: { ...testConfig().sources, pollSeconds: 0 },
      // The probe asks as fast as it is answered: more than a minute's allowance.
      rateLimitPerMinute: 1_000_000,
    });
    try {
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const total = 3000;
      let importFinished = false;
      let answeredWhileWriting = 0;
      let probing: Promise<void> = Promise.resolve();
      // Requests start the moment the feed's body has gone out, so they meet the parse and the
      // writes, not the download.
      const page = jsonLdPage(feedEvents(total));
      const feed = await addFeed(app.db, '/big', new Date(Date.now() + day));
      feeds.set('/big', (response) => {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end(page, () => {
          probing = (async () => {
            while (!importFinished) {
              // A list, which needs the database the import is writing to.
              const answer = await fetch(`${address}/api/events?location=Oakland%2C%20CA`);
              expect(answer.status).toBe(200);
              await answer.arrayBuffer();
              if (importFinished) break;
              // How far the import was when this answer came: some events stored, not all.
              const stored = await storedCount(app.db, feed.id);
              if (stored > 0 && stored < total) answeredWhileWriting += 1;
            }
          })();
        });
      });
      const summary = await runSourceNow(
        app.db,
        feed.id,
        sourceRunDependencies(app.config, () => app.server.address()),
      );
      importFinished = true;
      await probing;
      expect(summary).toMatchObject({ lastOutcome: 'ok', added: total });
      // Before, the import held the thread from the parse to the last row: no request was
      // answered between its first event stored and its last.
      expect(answeredWhileWriting).toBeGreaterThanOrEqual(2);
    } finally {
      await app.close();
    }
  });
});

describe('starting the server', { timeout: 180_000 }, () => {
  it('listens before it looks for due sources', async () => {
    const app = await buildTestApp({ sources: { ...testConfig().sources, pollSeconds: 60 } });
    try {
      feeds.set('/due', { body: jsonLdPage(feedEvents(2)) });
      const [due] = await app.db
        .insert(sources)
        .values({
          kind: 'jsonld',
          name: 'Due at start',
          url: feeds.url('/due'),
          intervalSeconds: 3600,
          allowPrivateNetwork: true,
        })
        .returning();
      if (!due) throw new Error('no source row');
      await app.ready();
      // Ready but not listening: the source is not claimed (a claim moves next_run_at on).
      expect((await findSource(app.db, due.id))?.nextRunAt).toEqual(due.nextRunAt);
      expect(feeds.requests.filter((request) => request.path === '/due')).toEqual([]);
      await app.listen({ port: 0, host: '127.0.0.1' });
      expect((app.server.address() as AddressInfo).port).toBeGreaterThan(0);
      await expect
        .poll(async () => (await findSource(app.db, due.id))?.lastOutcome, { timeout: 60_000 })
        .toBe('ok');
    } finally {
      await app.close();
    }
  });
});
