import { type Static, type TUnsafe, Type } from '@sinclair/typebox';
import { categoryIds, storedCategoryIds } from './categories.ts';
import { familyGroupIds } from './family.ts';
import { MAX_BBOX_SPAN_DEGREES } from './maps.ts';
import { DEFAULT_LOCATION } from './product.ts';
import { MAX_SAVED_IDS } from './savedRules.ts';

/**
 * A string restricted to fixed words, as a plain JSON Schema `enum`: validation then says
 * "querystring/price must be equal to one of the allowed values" (one message naming the
 * parameter) instead of one line per alternative, and OpenAPI lists the words.
 */
export function StringEnum<const Values extends readonly string[]>(
  values: Values,
  options: { description?: string; default?: Values[number] } = {},
) {
  // The intersection spells out the keywords for the Fastify type provider, whose TypeBox 1.x
  // infers types from them (it cannot see inside a TypeBox 0.34 Unsafe).
  return Type.Unsafe<Values[number]>({
    type: 'string',
    enum: [...values],
    ...options,
  }) as TUnsafe<Values[number]> & { type: 'string'; enum: Values };
}

/** Categories an event is stored under; 'deals' and 'random' are derived (contract/categories.ts). */
export const EventCategory = StringEnum(storedCategoryIds);
export type EventCategory = Static<typeof EventCategory>;

/** docs/product.md#spec-3-event-as-read, plus where it is and how far from the requested location. */
export const Event = Type.Object({
  /** `${source}:${sourceId}`, stable across re-imports (e.g. 'seed:sf-0001'). */
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  venue: Type.String(),
  /** City label, e.g. 'San Francisco, CA'. */
  location: Type.String(),
  address: Type.String(),
  /** The start as an ISO date-time in UTC; for date-only events, local midnight of the day. */
  date: Type.String({ format: 'date-time' }),
  /**
   * The venue's calendar day of the start, 'YYYY-MM-DD': the day the venue's calendar shows,
   * so that clients can print it without a time-zone database.
   */
  day: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
  /** Start time in the venue's zone, e.g. '7:00 PM'; '' for date-only events. */
  time: Type.String(),
  /** The venue's IANA time zone, to show `date` as the venue's calendar day. */
  timeZone: Type.String(),
  /** Price as listed ('$25', '$15 - $40'); 'Free' when the source gave none (docs/product.md#spec-3). */
  price: Type.String(),
  /** The category drawing or the source's own picture URL; used when `imageId` is null. */
  imageUrl: Type.String(),
  /**
   * A picture FamJam fetched and re-encoded, served from its own origin in several widths
   * (contract/pictures.ts builds the URLs); null when the event has none.
   */
  imageId: Type.Union([Type.String(), Type.Null()]),
  /** The source cancelled it (or stopped listing it): cards and details say 'Cancelled'. */
  cancelled: Type.Boolean(),
  category: EventCategory,
  tags: Type.Array(Type.String()),
  isFamilyFriendly: Type.Boolean(),
  /**
   * Who it is for, in years, both ends inclusive: 3 and 8 for 'Ages 3-8', 21 and null for
   * '21+'. Null where the source said nothing: both null means all ages.
   */
  minAge: Type.Union([Type.Integer({ minimum: 0, maximum: 120 }), Type.Null()]),
  maxAge: Type.Union([Type.Integer({ minimum: 0, maximum: 120 }), Type.Null()]),
  ticketUrl: Type.Union([Type.String(), Type.Null()]),
  latitude: Type.Number(),
  longitude: Type.Number(),
  /** Kilometres from the requested location; null where the request named none (by id, saved). */
  distanceKm: Type.Union([Type.Number(), Type.Null()]),
});
export type Event = Static<typeof Event>;

/**
 * One page of events. `nextCursor` goes back as `cursor` for the next page and is null on the
 * last one. No total: counting every match costs what ranking them all costs, which is what
 * the search is built to avoid (see server/services/search.ts).
 */
export const EventPage = Type.Object({
  events: Type.Array(Event),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type EventPage = Static<typeof EventPage>;

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;
export const DEFAULT_RADIUS_KM = 40;
export const MAX_RADIUS_KM = 500;
/** 100 m: anything smaller is a rounding error, not an area. */
export const MIN_RADIUS_KM = 0.1;
/** Deeper than this, pages come by `cursor`: big offsets make the database skip rows one by one. */
export const MAX_OFFSET = 10_000;

const location = Type.String({
  maxLength: 200,
  description: `A city ('San Francisco, CA', 'Oakland'), a US ZIP code ('94103') or 'lat, lon'. Default: ${DEFAULT_LOCATION}.`,
});
const familyMode = Type.Boolean({ description: 'true: only family-friendly events.' });
const limit = Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE });
const cursor = Type.String({
  minLength: 1,
  maxLength: 512,
  description: 'nextCursor of the previous page.',
});
const offset = Type.Integer({
  minimum: 0,
  maximum: MAX_OFFSET,
  description: 'Events to skip; an alternative to cursor.',
});
const radiusKm = Type.Number({
  minimum: MIN_RADIUS_KM,
  maximum: MAX_RADIUS_KM,
  default: DEFAULT_RADIUS_KM,
  description: 'Search radius around location, in km.',
});

/**
 * Family groups (contract/family.ts), comma-separated or repeated like `ids`: only events whose
 * age range overlaps one of the groups' child ages; an event with no known range is for all
 * ages and stays. Each value is checked by the route, so an unknown id is a 400 that names it.
 */
const ages = Type.Array(Type.String({ maxLength: 200 }), {
  maxItems: 10,
  description: `Family group ids (${familyGroupIds.join(', ')}), comma-separated or repeated: only events whose ages overlap a group's. Events with no known ages are kept.`,
});

/**
 * "Search this area": only events inside this box instead of the circle around `location`
 * (which still gives each event's distance and the date words' zone). The listing, search and
 * category counts take it alike. Checked by the route (contract/maps.ts
 * parseBoundingBox), so a reversed or continent-sized box is a 400 that says which.
 */
const bbox = Type.String({
  maxLength: 100,
  description: `A box 'west,south,east,north' in degrees (at most ${MAX_BBOX_SPAN_DEGREES} on each side): only events inside it, instead of within radiusKm of location. Distances, and the zone of date words without tz, are still from location.`,
});

/** `GET /api/events`: upcoming events near a place, soonest first, nearer first on ties. */
export const ListEventsQuery = Type.Object({
  location: Type.Optional(location),
  familyMode: Type.Optional(familyMode),
  ages: Type.Optional(ages),
  limit: Type.Optional(limit),
  cursor: Type.Optional(cursor),
  offset: Type.Optional(offset),
  radiusKm: Type.Optional(radiusKm),
  bbox: Type.Optional(bbox),
});
export type ListEventsQuery = Static<typeof ListEventsQuery>;

export const priceFilters = ['free', 'under20', '20to50', '50plus'] as const;
export type PriceFilter = (typeof priceFilters)[number];
export const dateWords = ['today', 'tomorrow', 'weekend', 'week', 'next_week'] as const;
export type DateWord = (typeof dateWords)[number];

/** An empty value means "no filter", which is what a form with nothing chosen sends. */
function optionalWord<const Values extends readonly string[]>(values: Values, description: string) {
  return StringEnum<readonly ['', ...Values]>(['', ...values], { description });
}

/** A date word or a day, as search and the category counts take it (computed in `tz`). */
const dateFilter = Type.String({
  maxLength: 10,
  pattern: '^(|today|tomorrow|weekend|week|next_week|\\d{4}-\\d{2}-\\d{2})$',
  description:
    "today, tomorrow, weekend (the coming Saturday and Sunday), week (the next 7 days), next_week (next Monday to Sunday) or a day 'YYYY-MM-DD'; computed in tz.",
});
const timeZoneParam = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_+\\-/]+$',
  description:
    "IANA time zone the date words are computed in, e.g. 'America/Los_Angeles'. Default: the location's.",
});

/** `GET /api/events/search`. Every filter is optional; together they narrow the results. */
export const SearchEventsQuery = Type.Object({
  query: Type.Optional(
    Type.String({
      maxLength: 200,
      description:
        'Words to find in the title, description, venue, tags or category label; typos are tolerated.',
    }),
  ),
  category: Type.Optional(
    optionalWord(
      categoryIds,
      "A category id. 'deals': events whose price qualifies for a deal (contains '$'); 'random': a shuffled sample.",
    ),
  ),
  familyMode: Type.Optional(familyMode),
  ages: Type.Optional(ages),
  location: Type.Optional(location),
  price: Type.Optional(
    optionalWord(priceFilters, 'By the lowest price: free, under $20, $20 to $50, over $50.'),
  ),
  date: Type.Optional(dateFilter),
  tz: Type.Optional(timeZoneParam),
  limit: Type.Optional(limit),
  cursor: Type.Optional(cursor),
  offset: Type.Optional(offset),
  radiusKm: Type.Optional(radiusKm),
  bbox: Type.Optional(bbox),
});
export type SearchEventsQuery = Static<typeof SearchEventsQuery>;

/** No NUL characters: PostgreSQL text cannot hold them, so such an id can name no event. */
const noNul = '^[^\\u0000]*$';

export const EventIdParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 300, pattern: noNul }),
});
export type EventIdParams = Static<typeof EventIdParams>;

/**
 * `GET /api/events/saved?ids=a,b,c` (or `ids=a&ids=b`): at most 200 ids. Answers the known ones
 * in the order asked; ids of events that no longer exist are left out.
 */
export const SavedEventsQuery = Type.Object({
  ids: Type.Array(Type.String({ maxLength: 20_000, pattern: noNul }), {
    maxItems: MAX_SAVED_IDS,
    description: 'Event ids, comma-separated or repeated; at most 200.',
  }),
});
export type SavedEventsQuery = Static<typeof SavedEventsQuery>;

export const EventList = Type.Object({ events: Type.Array(Event) });
export type EventList = Static<typeof EventList>;

/** `GET /api/events/categories`: how many upcoming events each of the nine categories has. */
export const CategoryCountsQuery = Type.Object({
  location: Type.Optional(location),
  familyMode: Type.Optional(familyMode),
  /** The counts follow the lists' ages filter, so a chip never promises events it hides. */
  ages: Type.Optional(ages),
  radiusKm: Type.Optional(radiusKm),
  /** Home's date chips narrow the counts as they narrow the lists. */
  date: Type.Optional(dateFilter),
  tz: Type.Optional(timeZoneParam),
  /** The counts of "Search this area": the same box as the listing's and search's. */
  bbox: Type.Optional(bbox),
});
export type CategoryCountsQuery = Static<typeof CategoryCountsQuery>;

export const CategoryCount = Type.Object({
  id: StringEnum(categoryIds),
  label: Type.String(),
  count: Type.Integer({ minimum: 0 }),
});
export const CategoryCounts = Type.Object({
  /** All nine, in the order docs/product.md gives. 'random' counts every event (it samples from all of them). */
  categories: Type.Array(CategoryCount),
  /** The place the counts are for, as resolved ('San Francisco, CA'). */
  location: Type.String(),
});
export type CategoryCounts = Static<typeof CategoryCounts>;

/** `PUT /api/me/saved`: the caller's whole saved list, in the order the app shows it. */
export const SavedIdsBody = Type.Object(
  {
    ids: Type.Array(Type.String({ minLength: 1, maxLength: 300, pattern: noNul }), {
      maxItems: MAX_SAVED_IDS,
    }),
  },
  { additionalProperties: false },
);
export type SavedIdsBody = Static<typeof SavedIdsBody>;

export const SavedIds = Type.Object({
  /** Saved event ids in list order. */
  ids: Type.Array(Type.String()),
  /** PUT only: ids that were sent but name no event (deleted since), so were not saved. */
  unknownIds: Type.Optional(Type.Array(Type.String())),
});
export type SavedIds = Static<typeof SavedIds>;
