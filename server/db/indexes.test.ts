import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBoundingBox } from '../../contract/maps.ts';
import { buildFixtureApp, fixtureBoxes } from '../test/fixtureApp.ts';
import type { FamJamApp } from '../types.ts';
import type { DatabaseHandle } from './client.ts';
import { rowsOf } from './rows.ts';

/**
 * Issue 3: the read paths are index scans, so they stay fast at a million events. The fixture
 * world is too small for the planner to prefer an index on its own, so every statement the
 * routes ran is EXPLAINed with sequential scans priced out (`enable_seqscan = off`): where an
 * index can serve it, the plan uses one; where none can (an index dropped, a predicate
 * rewritten so the index no longer matches), a Seq Scan remains and the test names it.
 */

interface Statement {
  sql: string;
  params: unknown[];
}

let app: FamJamApp;
let handle: DatabaseHandle;
let recording = false;
const ran: Statement[] = [];

beforeAll(async () => {
  ({ app, handle } = await buildFixtureApp(
    {},
    {
      logger: {
        logQuery(query, params) {
          if (recording) ran.push({ sql: query, params });
        },
      },
    },
  ));
});

afterAll(async () => {
  await app?.close();
});

/** The statements a request made, once it answered 200. */
async function statementsOf(url: string): Promise<Statement[]> {
  ran.length = 0;
  recording = true;
  try {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
  } finally {
    recording = false;
  }
  return ran.splice(0).filter((statement) => /^\s*(select|with)\b/i.test(statement.sql));
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function* nodesOf(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* nodesOf(child);
}

/**
 * The plan's scans, e.g. 'Index Only Scan events_search_walk_idx on events', 'Bitmap Index
 * Scan events_cell_search_vector_idx', 'Seq Scan on events'.
 */
async function scansOf(statement: Statement): Promise<string[]> {
  const result = await handle.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const explain = `explain (format json) ${statement.sql}`;
    // Drizzle's raw query takes the text and values as they were sent.
    return tx.execute(sql.raw(bind(explain, statement.params)));
  });
  const [row] = rowsOf(result);
  const cell = row ? Object.values(row)[0] : null;
  const plans = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
  const scans: string[] = [];
  for (const { Plan } of plans) {
    for (const node of nodesOf(Plan)) {
      const index = node['Index Name'];
      const table = node['Relation Name'];
      if (!index && !table) continue;
      scans.push([node['Node Type'], index, table && `on ${table}`].filter(Boolean).join(' '));
    }
  }
  return scans;
}

/**
 * The values written into the text as literals: EXPLAIN of a bound statement is not something
 * every driver passes through, and literals plan like the custom plans PostgreSQL picks.
 */
function bind(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)\b/g, (_, index: string) => literal(params[Number(index) - 1]));
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (Array.isArray(value)) return `array[${value.map(literal).join(', ')}]`;
  return `'${String(value).replaceAll("'", "''")}'`;
}

/** Boxes of "Search this area": downtown San Francisco, four cells' corner, the largest allowed. */
const downtownBox = formatBoundingBox(fixtureBoxes.downtown);
const fourCellBox = formatBoundingBox(fixtureBoxes.fourCells);
const largestBox = formatBoundingBox(fixtureBoxes.largest);

describe('every read path is served by indexes', () => {
  it.each([
    '/api/events',
    '/api/events?familyMode=true',
    '/api/events?location=New%20York%2C%20NY&limit=5',
    '/api/events/search?query=jazz',
    '/api/events/search?query=concrt',
    '/api/events/search?query=park&familyMode=true&date=week&tz=America%2FLos_Angeles',
    '/api/events/search?category=music&price=under20',
    '/api/events/search?category=deals',
    '/api/events/search?category=random',
    '/api/events/search?query=jazz&radiusKm=500',
    '/api/events/test:jazz',
    '/api/events/saved?ids=test:jazz,test:moma',
    '/api/events/categories',
    '/api/restaurants',
    '/api/events?ages=young_kids,teens',
    '/api/events?ages=tweens&radiusKm=500',
    '/api/events/search?query=park&ages=teens',
    '/api/events/search?category=music&ages=young_kids',
    '/api/events/categories?ages=young_kids',
    // "Search this area": the box's cells, as the circle's.
    `/api/events?bbox=${downtownBox}`,
    `/api/events?bbox=${fourCellBox}&ages=teens&familyMode=true`,
    `/api/events/search?query=jazz&bbox=${downtownBox}`,
    `/api/events/search?query=concrt&bbox=${fourCellBox}`,
    `/api/events/search?category=deals&bbox=${downtownBox}`,
    `/api/events/search?category=random&bbox=${downtownBox}`,
    `/api/events/search?bbox=${largestBox}`,
    `/api/events/categories?bbox=${downtownBox}`,
    `/api/events/categories?bbox=${largestBox}&date=week&tz=America%2FLos_Angeles`,
  ])('%s', async (url) => {
    const statements = await statementsOf(url);
    expect(statements.length, 'statements recorded').toBeGreaterThan(0);
    for (const statement of statements) {
      const scans = await scansOf(statement);
      const sequential = scans.filter((scan) => scan.startsWith('Seq Scan'));
      expect(sequential, `${statement.sql}\n→ ${scans.join('; ')}`).toEqual([]);
    }
  });
});

describe('the ages filter', () => {
  // min_age and max_age are in events_search_walk_idx (migration 0010): without them the walk
  // would read the table for every event it passes to test its ages.
  it.each([
    '/api/events?ages=young_kids',
    '/api/events?ages=young_kids,teens&familyMode=true',
    '/api/events/search?query=park&ages=teens',
  ])('keeps the walk of %s an index-only scan', async (url) => {
    const scans = (await Promise.all((await statementsOf(url)).map(scansOf))).flat();
    expect(scans, scans.join('; ')).toContain('Index Only Scan events_search_walk_idx on events');
  });
});

describe('a bbox', () => {
  // The box is its 1-degree cells and then its edges, which the walk's covering index carries
  // (latitude, longitude): the same index-only walk as the circle's, with no index of its own.
  it.each([
    `/api/events?bbox=${downtownBox}`,
    `/api/events?bbox=${largestBox}&familyMode=true`,
    `/api/events/search?query=park&bbox=${fourCellBox}`,
  ])('keeps the walk of %s an index-only scan', async (url) => {
    const scans = (await Promise.all((await statementsOf(url)).map(scansOf))).flat();
    expect(scans, scans.join('; ')).toContain('Index Only Scan events_search_walk_idx on events');
  });
});

describe('counting leaves cancelled events out without reading the table', () => {
  // cancelled_at is in events_search_walk_idx (migration 0015): Home's category counts skip
  // cancelled events, and without the column there the count would read every upcoming
  // event's row in the area.
  it.each([
    '/api/events/categories',
    '/api/events/categories?familyMode=true&ages=young_kids',
    // A box's counts read its cells and test its edges on the same index.
    `/api/events/categories?bbox=${downtownBox}`,
    `/api/events/categories?bbox=${fourCellBox}&familyMode=true&ages=teens`,
  ])('keeps %s an index-only scan', async (url) => {
    const scans = (await Promise.all((await statementsOf(url)).map(scansOf))).flat();
    expect(scans, scans.join('; ')).toContain('Index Only Scan events_search_walk_idx on events');
  });
});

describe('the radius box', () => {
  // The queries spell the indexes' expression (famjam_earth_point, migration 0016) exactly;
  // spelt otherwise (ll_to_earth), the box test is a filter on another index's scan.
  it.each([
    ['/api/restaurants', 'restaurants_earth_idx'],
    ['/api/events?ages=tweens&radiusKm=500', 'events_earth_idx'],
  ])('of %s is a scan of %s', async (url, index) => {
    const scans = (await Promise.all((await statementsOf(url)).map(scansOf))).flat();
    expect(scans.join('; ')).toContain(index);
  });
});
