import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { events } from '../db/schema/index.ts';
import { openTestDatabase } from '../test/database.ts';
import type { EventDraft } from './eventRecord.ts';
import { emptyOutcome, importOutcome, type ParseOutcome } from './pipeline.ts';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
  // A rule the importer's own checks know nothing about, as a deployment might add one: the
  // database refuses any event titled 'Cancelled by the venue'.
  await handle.db.execute(sql`create function refuse_cancelled() returns trigger as $$
    begin
      if new.title = 'Cancelled by the venue' then
        raise exception 'venue cancelled this listing';
      end if;
      return new;
    end $$ language plpgsql`);
  await handle.db.execute(sql`create trigger refuse_cancelled before insert or update on events
    for each row execute function refuse_cancelled()`);
});

afterAll(async () => {
  await handle?.close();
});

const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);

function draft(sourceId: string, title: string): EventDraft {
  return {
    sourceId,
    title,
    venue: 'Lake Merritt Amphitheater',
    location: 'Oakland, CA',
    startsAt: tomorrow,
    timeZone: 'America/Los_Angeles',
    hasTime: true,
    priceText: 'Free',
    category: 'music',
    tags: ['outdoor'],
    isFamilyFriendly: true,
    latitude: 37.8024,
    longitude: -122.2581,
  };
}

function outcomeOf(drafts: EventDraft[]): ParseOutcome {
  return {
    ...emptyOutcome(),
    drafts: drafts.map((one) => ({ label: one.title, draft: one })),
  };
}

describe('importOutcome when the database refuses a row the checks passed', () => {
  it('writes the others, reports that one with the reason, and leaves its stored row alone', async () => {
    const first = await importOutcome(
      handle.db,
      'test-feed',
      outcomeOf([draft('a', 'Sunset Drum Circle'), draft('b', 'Lakeside Concert')]),
    );
    expect(first).toMatchObject({ added: 2, updated: 0, invalid: [] });

    // The next import changes both stored events and brings a new one; the venue has
    // meanwhile cancelled 'b', which the database refuses.
    const second = await importOutcome(
      handle.db,
      'test-feed',
      outcomeOf([
        draft('a', 'Sunset Drum Circle for Families'),
        draft('b', 'Cancelled by the venue'),
        draft('c', 'Boat House Open Day'),
      ]),
    );
    expect(second).toMatchObject({ added: 1, updated: 1, skipped: 0 });
    expect(second.invalid).toEqual([
      {
        label: '"Cancelled by the venue" (b)',
        reason: expect.stringMatching(/^the database refused it: .*venue cancelled this listing/),
      },
    ]);

    const stored = await handle.db
      .select({ id: events.id, title: events.title })
      .from(events)
      .where(eq(events.source, 'test-feed'))
      .orderBy(events.id);
    expect(stored).toEqual([
      { id: 'test-feed:a', title: 'Sunset Drum Circle for Families' },
      { id: 'test-feed:b', title: 'Lakeside Concert' },
      { id: 'test-feed:c', title: 'Boat House Open Day' },
    ]);
  });
});
