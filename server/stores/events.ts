import { and, asc, eq, gte, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { BoundingBox } from '../../contract/maps.ts';
import { type Database, PreparedStatements } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { events, geoCell } from '../db/schema/index.ts';
import {
  type Area,
  type Centre,
  centreValues,
  earthBoxContains,
  earthPoint,
  greatCircleMeters,
  greatCircleMetersFrom,
  roundedMeters,
  roundedMetersFrom,
  type SearchArea,
} from './distance.ts';
import {
  distanceMeters,
  eventColumnsSql,
  eventSelection,
  type SelectedEvent,
  selectedEventOf,
} from './eventFields.ts';

/*
 * The events table read by place and time: the conditions every listing shares (within an
 * area, upcoming, going ahead, family mode, ages), the listing's walk and the reads by id.
 * Search's own statements are in ./search.ts, the recommendations' in ./recommendations.ts;
 * the rules (cursors, pages, which groups mean which ages) in server/services/events.ts.
 */

/** The events_earth_idx expression, which the planner needs spelt exactly. */
const eventPoint = earthPoint(sql`${events.latitude}`, sql`${events.longitude}`);

/** Within the radius, exactly: for rows already narrowed to the area's cells or box. */
function withinRadius(area: Area): SQL {
  return sql`${greatCircleMeters(area, sql`${events.latitude}`, sql`${events.longitude}`)} <= ${area.radiusKm * 1000}`;
}

/** Above this many cells (radius of a few hundred km) the GiST box alone narrows the rows. */
const MAX_CELLS = 64;

/**
 * The geo_cell numbers of every 1-degree cell the circle touches, or null when there are too
 * many. The spans are rounded up (110.5 km per degree of latitude, the cosine at the circle's
 * edge nearest the pole), so the cells always cover the whole circle.
 */
export function cellsAround(area: Area): number[] | null {
  const latitudeSpan = area.radiusKm / 110.5;
  const south = Math.max(-90, area.latitude - latitudeSpan);
  const north = Math.min(89.999_999, area.latitude + latitudeSpan);
  const poleward = Math.min(89.9, Math.max(Math.abs(south), Math.abs(north)));
  const longitudeSpan = area.radiusKm / (111.32 * Math.cos((poleward * Math.PI) / 180));
  if (longitudeSpan >= 180) return null;
  const rows = Math.floor(north) - Math.floor(south) + 1;
  const columns =
    Math.floor(area.longitude + longitudeSpan) - Math.floor(area.longitude - longitudeSpan) + 1;
  if (rows * columns > MAX_CELLS) return null;
  const cells = new Set<number>();
  for (let row = Math.floor(south); row <= Math.floor(north); row += 1) {
    for (let step = 0; step < columns; step += 1) {
      const column = Math.floor(area.longitude - longitudeSpan) + step;
      // Across the antimeridian, -181 is 179.
      const wrapped = ((((column + 180) % 360) + 360) % 360) - 180;
      cells.add(geoCell(row, wrapped));
    }
  }
  return [...cells];
}

/**
 * The geo_cell numbers of every 1-degree cell the box touches, edges included (an event on the
 * north or east edge is inside the box, and in the next cell up or along). A box is at most
 * MAX_BBOX_SPAN_DEGREES on a side (contract/maps.ts), so at most 11 x 11 cells: always few
 * enough to read cell by cell, unlike a circle of hundreds of kilometres near a pole.
 */
export function cellsInBox(box: BoundingBox): number[] {
  const cells: number[] = [];
  for (let row = Math.floor(box.south); row <= Math.floor(box.north); row += 1) {
    for (let column = Math.floor(box.west); column <= Math.floor(box.east); column += 1) {
      cells.push(geoCell(row, column));
    }
  }
  return cells;
}

/** The cells a listing or search reads: those the box touches, else those around the circle. */
export function cellsOf(area: SearchArea): number[] | null {
  return area.box ? cellsInBox(area.box) : cellsAround(area);
}

/** The cells as one integer[] value ('{45777,45778}'), so a statement's text is the same wherever the person is. */
export function cellArray(cells: number[]): string {
  return `{${cells.map((cell) => Math.trunc(cell)).join(',')}}`;
}

function cellList(cells: number[]): SQL {
  return sql`${cellArray(cells)}::integer[]`;
}

/**
 * The exact test of a box, for rows already narrowed to its cells: inside it, edges included.
 * The bounds are numbers or a prepared statement's placeholders (withinAreaPlaceholders).
 */
function insideBox(box: { [Edge in keyof BoundingBox]: unknown }): SQL {
  return sql`(${events.latitude} >= ${box.south}::float8 and ${events.latitude} <= ${box.north}::float8 and ${events.longitude} >= ${box.west}::float8 and ${events.longitude} <= ${box.east}::float8)`;
}

/**
 * Within the area: its cells, then the exact test (the great-circle distance, or the box's
 * edges). Near a place, the area is its cells: a btree column with real statistics, so the
 * planner knows a city holds a tenth of the table and can walk starts_at in order instead of
 * collecting the whole city. (The GiST box test's selectivity is a fixed guess of 0.1%, which
 * sends every plan to a bitmap over the city.) For radii too big for cells the GiST box
 * narrows the rows; a box always has few enough cells (cellsInBox).
 */
export function withinArea(area: SearchArea): SQL {
  if (area.box) {
    return sql`(${events.geoCell} = any(${cellList(cellsInBox(area.box))}) and ${insideBox(area.box)})`;
  }
  const cells = cellsAround(area);
  const narrow = cells
    ? sql`${events.geoCell} = any(${cellList(cells)})`
    : earthBoxContains(area, eventPoint);
  return sql`(${narrow} and ${withinRadius(area)})`;
}

/**
 * The exact area test of a prepared statement, for rows of the area's cells: within
 * `radiusMeters` of the centre's placeholders, or inside the box's (filled by areaValues).
 */
export function withinAreaPlaceholders(box: boolean): SQL {
  if (box) {
    return insideBox({
      west: placeholder('west'),
      south: placeholder('south'),
      east: placeholder('east'),
      north: placeholder('north'),
    });
  }
  return sql`${greatCircleMetersFrom(centrePlaceholders, sql`${events.latitude}`, sql`${events.longitude}`)} <= ${placeholder('radiusMeters')}`;
}

/** The values of withinAreaPlaceholders and centrePlaceholders for an area. */
export function areaValues(area: SearchArea): Record<string, number> {
  return {
    ...centreValues(area),
    ...(area.box
      ? { west: area.box.west, south: area.box.south, east: area.box.east, north: area.box.north }
      : { radiusMeters: area.radiusKm * 1000 }),
  };
}

/**
 * Not over yet. An event with a time is upcoming until it starts; a date-only event (stored at
 * local midnight) until its day ends. The first term keeps the starts_at index usable. The
 * instants may be placeholders of a prepared statement (see listWalk).
 */
export function upcomingAt(now: unknown, dayBeforeNow: unknown): SQL {
  return sql`(${events.startsAt} >= ${dayBeforeNow}::timestamptz and (${events.startsAt} >= ${now}::timestamptz or ${events.hasTime} = false))`;
}

export const dayBefore = (now: Date) => new Date(now.getTime() - 24 * 60 * 60 * 1000);

export function upcoming(now: Date): SQL {
  return upcomingAt(now, dayBefore(now));
}

/**
 * Still going ahead. Listing, search and saved lists show cancelled events, marked (a family
 * that heard of one finds out); what FamJam offers of its own accord (counts, recommendations,
 * the bell's nudges and reminders) leaves them out. cancelled_at is in the walk's covering
 * index (migration 0015), so the counts stay an index-only scan.
 */
export const goingAhead: SQL = isNull(events.cancelledAt);

export function familyOnly(familyMode: boolean | undefined): SQL | undefined {
  return familyMode ? eq(events.isFamilyFriendly, true) : undefined;
}

/** Whole years, both ends inclusive. */
export interface AgeSpan {
  minAge: number;
  maxAge: number;
}

/** The oldest age the table allows (events_max_age_check): an open upper end. */
const OLDEST = 120;

/**
 * Events whose age range overlaps one of the spans. A missing end is open (min null = from
 * birth, max null = no upper limit), so an event with no known ages is always kept: the filter
 * hides what is known not to fit, never what nobody described. The bounds are numbers or a
 * prepared statement's placeholders (agePlaceholders). Both columns are in
 * events_search_walk_idx, so the walks test this without reading the table.
 */
export function ageOverlap(spans: readonly { minAge: unknown; maxAge: unknown }[]): SQL {
  return or(
    ...spans.map(
      (span) =>
        sql`(coalesce(${events.minAge}, 0) <= ${span.maxAge}::integer and coalesce(${events.maxAge}, ${sql.raw(String(OLDEST))}) >= ${span.minAge}::integer)`,
    ),
  ) as SQL;
}

/** `count` spans as placeholders, filled by ageValues. */
export function agePlaceholders(count: number): { minAge: unknown; maxAge: unknown }[] {
  return Array.from({ length: count }, (_, index) => ({
    minAge: sql.placeholder(`ageMin${index}`),
    maxAge: sql.placeholder(`ageMax${index}`),
  }));
}

export function ageValues(spans: readonly AgeSpan[]): Record<string, number> {
  return Object.fromEntries(
    spans.flatMap((span, index) => [
      [`ageMin${index}`, span.minAge],
      [`ageMax${index}`, span.maxAge],
    ]),
  );
}

/** The ages filter for a hand-planned query, or nothing when no group was chosen. */
export function agesOnly(spans: readonly AgeSpan[] | undefined): SQL | undefined {
  return spans && spans.length > 0 ? ageOverlap(spans) : undefined;
}

/** Distance in whole metres for rows of a subquery aliased `alias`. */
export function distanceOfAlias(area: Area, alias: string): SQL<number> {
  return roundedMeters(area, sql.raw(`${alias}.latitude`), sql.raw(`${alias}.longitude`));
}

const placeholder = sql.placeholder;
/** The centre of a prepared statement's area, filled with centreValues(area). */
export const centrePlaceholders: Centre = {
  latitude: placeholder('latitude'),
  longitude: placeholder('longitude'),
  cosLatitude: placeholder('cosLatitude'),
};

/** Keyset position after the last event of a page: (starts_at, distance, id). */
export interface ListPosition {
  startsAt: Date;
  distanceMeters: number;
  id: string;
}

/** What changes the text of the listing's walk. */
interface ListWalkShape {
  /** The area is a box (bbox), not the circle around the centre. */
  box: boolean;
  familyOnly: boolean;
  /** How many disjoint age spans the filter has (0: no ages filter). */
  ageSpans: number;
  afterCursor: boolean;
}

/**
 * The listing near a place. Each 1-degree cell around it is read in start order from
 * events_search_walk_idx (geo_cell, starts_at, with every column the filters read: an
 * index-only scan) and stops after enough rows; WITH TIES keeps every event sharing the last
 * start time, since those are then ordered by distance. The cells' rows are merged and only
 * the page's full rows fetched. Per cell only the exact area test filters (the distance, or a
 * bbox's edges, both on columns the index carries): an index-friendly earth_box test here
 * would lure the planner off the ordered scan that stops after a page.
 */
const listWalk = new PreparedStatements((shape: ListWalkShape) => {
  const distance = (latitude: SQL, longitude: SQL) =>
    roundedMetersFrom(centrePlaceholders, latitude, longitude);
  const conditions: (SQL | undefined)[] = [
    upcomingAt(placeholder('now'), placeholder('dayBefore')),
    withinAreaPlaceholders(shape.box),
    shape.familyOnly ? eq(events.isFamilyFriendly, true) : undefined,
    shape.ageSpans > 0 ? ageOverlap(agePlaceholders(shape.ageSpans)) : undefined,
  ];
  if (shape.afterCursor) {
    const after = placeholder('afterStartsAt');
    conditions.push(
      sql`${events.startsAt} >= ${after}::timestamptz`,
      sql`(${events.startsAt}, ${distance(sql`${events.latitude}`, sql`${events.longitude}`)}, ${events.id}) > (${after}::timestamptz, ${placeholder('afterDistance')}::integer, ${placeholder('afterId')}::text)`,
    );
  }
  return sql`
    select ${eventColumnsSql}, candidate.distance_meters
    from (
      select walk.id, walk.starts_at,
        ${distance(sql`walk.latitude`, sql`walk.longitude`)} as distance_meters
      from unnest(${placeholder('cells')}::integer[]) as cell(id)
      cross join lateral (
        select ${events.id}, ${events.startsAt}, ${events.latitude}, ${events.longitude}
        from ${events}
        where ${events.geoCell} = cell.id and ${and(...conditions)}
        order by ${events.startsAt}
        fetch first (${placeholder('perCell')}) rows with ties
      ) as walk
      order by walk.starts_at, distance_meters, walk.id
      limit ${placeholder('take')} offset ${placeholder('offset')}
    ) as candidate
    join ${events} on ${events.id} = candidate.id
    order by candidate.starts_at, candidate.distance_meters, candidate.id`;
});

interface ListEventRowsOptions {
  area: SearchArea;
  familyMode?: boolean;
  /** The chosen family groups' age spans; empty: every age. */
  ages: readonly AgeSpan[];
  /** The page size: up to one row more comes back when there is a next page. */
  limit: number;
  offset: number;
  /** Where the previous page ended (keyset), or null for a first page. */
  after: ListPosition | null;
  now: Date;
}

/**
 * Upcoming events in the area from `after` (or `offset`) on, soonest first and nearer first at
 * the same start: `limit` and one more if there is one. A dense city, an empty town and a box
 * on the map all cost a handful of short index ranges (listWalk); radii too big for cells, the
 * GiST box.
 */
export async function listEventRows(
  db: Database,
  options: ListEventRowsOptions,
): Promise<SelectedEvent[]> {
  const { area, limit, offset, after, now, ages } = options;
  const cells = cellsOf(area);
  if (cells) {
    const result = await listWalk.execute(
      db,
      {
        box: area.box !== undefined,
        familyOnly: options.familyMode === true,
        ageSpans: ages.length,
        afterCursor: after !== null,
      },
      {
        ...areaValues(area),
        ...ageValues(ages),
        // ISO text: node-postgres would format a Date in local time, a surprising share of a
        // request's time.
        now: now.toISOString(),
        dayBefore: dayBefore(now).toISOString(),
        cells: cellArray(cells),
        perCell: offset + limit + 1,
        take: limit + 1,
        offset,
        ...(after
          ? {
              afterStartsAt: after.startsAt.toISOString(),
              afterDistance: after.distanceMeters,
              afterId: after.id,
            }
          : {}),
      },
    );
    return rowsOf(result).map(selectedEventOf);
  }
  // Radii of hundreds of kilometres: the GiST box narrows the rows, planned per request.
  const distance = distanceMeters(area);
  const conditions: (SQL | undefined)[] = [
    upcoming(now),
    withinArea(area),
    familyOnly(options.familyMode),
    agesOnly(ages),
  ];
  if (after) {
    conditions.push(
      gte(events.startsAt, after.startsAt),
      sql`(${events.startsAt}, ${distance}, ${events.id}) > (${after.startsAt.toISOString()}::timestamptz, ${after.distanceMeters}::integer, ${after.id}::text)`,
    );
  }
  return db
    .select(eventSelection(area))
    .from(events)
    .where(and(...conditions))
    .orderBy(asc(events.startsAt), asc(distance), asc(events.id))
    .limit(limit + 1)
    .offset(offset);
}

/**
 * One event by id, as a prepared statement: built with drizzle's query builder, this primary-key
 * read spent more time being compiled in Node and parsed and planned by PostgreSQL than run.
 */
const eventById = new PreparedStatements(
  () => sql`select ${eventColumnsSql}, null as distance_meters from ${events}
    where ${events.id} = ${placeholder('id')}::text`,
);

/** The event with this id, wherever and whenever it is, or null. */
export async function eventRowById(db: Database, id: string): Promise<SelectedEvent | null> {
  const [row] = rowsOf(await eventById.execute(db, {}, { id }));
  return row ? selectedEventOf(row) : null;
}

/** The known events among `ids` (each once), in no particular order. */
export async function eventRowsByIds(
  db: Database,
  ids: readonly string[],
): Promise<SelectedEvent[]> {
  return db
    .select(eventSelection(null))
    .from(events)
    .where(inArray(events.id, [...ids]));
}
