import { ApiError } from '../../contract/errors.ts';
import {
  CategoryCounts,
  CategoryCountsQuery,
  DEFAULT_PAGE_SIZE,
  DEFAULT_RADIUS_KM,
  Event,
  EventIdParams,
  EventList,
  EventPage,
  ListEventsQuery,
  SavedEventsQuery,
  SearchEventsQuery,
} from '../../contract/events.ts';
import { MAX_SAVED_IDS } from '../../contract/savedRules.ts';
import { dateZone } from '../listParams.ts';
import { HttpError } from '../plugins/errors.ts';
import {
  ageSpansParam,
  areaFor,
  boundingBoxParam,
  resolveLocationParam,
} from '../services/area.ts';
import { findEvent, findEventsByIds, listEvents } from '../services/events.ts';
import { countByCategory, searchEvents } from '../services/search.ts';
import type { FamJamApp } from '../types.ts';

function onePagingStyle(query: { cursor?: string; offset?: number }): void {
  if (query.cursor !== undefined && query.offset !== undefined) {
    throw new HttpError(
      400,
      'bad_request',
      'Send either cursor or offset, not both: cursor continues a listing, offset starts one.',
    );
  }
}

/** `ids=a,b` and `ids=a&ids=b` both work; blanks between commas are ignored. */
function splitIds(values: readonly string[]): string[] {
  const ids = values.flatMap((value) => value.split(',')).map((id) => id.trim());
  const present = ids.filter((id) => id !== '');
  if (present.length > MAX_SAVED_IDS) {
    throw new HttpError(
      400,
      'bad_request',
      `ids: at most ${MAX_SAVED_IDS} ids per request (got ${present.length}).`,
    );
  }
  const tooLong = present.find((id) => id.length > 300);
  if (tooLong !== undefined) {
    throw new HttpError(400, 'bad_request', 'ids: an id is longer than 300 characters.');
  }
  return present;
}

export async function eventRoutes(app: FamJamApp): Promise<void> {
  app.get(
    '/events',
    {
      schema: {
        operationId: 'listEvents',
        summary: 'Upcoming events near a place, soonest first, nearer first at the same time',
        tags: ['events'],
        querystring: ListEventsQuery,
        response: { 200: EventPage, '4xx': ApiError },
      },
    },
    async (request) => {
      const { query } = request;
      onePagingStyle(query);
      const area = areaFor(query.location, query.radiusKm ?? DEFAULT_RADIUS_KM);
      const box = boundingBoxParam(query.bbox);
      const ages = ageSpansParam(query.ages);
      return listEvents(app.db, {
        area: { ...area, box },
        familyMode: query.familyMode,
        ages,
        limit: query.limit ?? DEFAULT_PAGE_SIZE,
        cursor: query.cursor,
        offset: query.offset,
      });
    },
  );

  app.get(
    '/events/search',
    {
      schema: {
        operationId: 'searchEvents',
        summary: 'Search upcoming events by words, category, price, date and family mode',
        description:
          "Ranked by relevance (title, then tags, venue and category label, then description), then soonest first. Near spellings (typos) are searched only when the words as typed find nothing. category=deals: events whose price contains '$' (docs/product.md#spec-9); category=random: a shuffled sample whose order holds across pages.",
        tags: ['events'],
        querystring: SearchEventsQuery,
        response: { 200: EventPage, '4xx': ApiError },
      },
    },
    async (request) => {
      const { query } = request;
      onePagingStyle(query);
      const place = resolveLocationParam(query.location);
      const timeZone = dateZone(query.tz, place.timeZone);
      const box = boundingBoxParam(query.bbox);
      const ages = ageSpansParam(query.ages);
      return searchEvents(app.db, {
        query: query.query,
        category: query.category === '' ? undefined : query.category,
        familyMode: query.familyMode,
        ages,
        area: {
          latitude: place.latitude,
          longitude: place.longitude,
          radiusKm: query.radiusKm ?? DEFAULT_RADIUS_KM,
          box,
        },
        price: query.price === '' ? undefined : query.price,
        date: query.date === '' ? undefined : query.date,
        timeZone,
        limit: query.limit ?? DEFAULT_PAGE_SIZE,
        cursor: query.cursor,
        offset: query.offset,
      });
    },
  );

  app.get(
    '/events/categories',
    {
      schema: {
        operationId: 'countEventsByCategory',
        summary:
          'How many upcoming events each of the nine categories has near a place or in a box (and date)',
        tags: ['events'],
        querystring: CategoryCountsQuery,
        response: { 200: CategoryCounts, '4xx': ApiError },
      },
    },
    async (request) => {
      const { query } = request;
      const place = resolveLocationParam(query.location);
      const date = query.date === '' ? undefined : query.date;
      const box = boundingBoxParam(query.bbox);
      const ages = ageSpansParam(query.ages);
      const counts = await countByCategory(app.db, {
        area: {
          latitude: place.latitude,
          longitude: place.longitude,
          radiusKm: query.radiusKm ?? DEFAULT_RADIUS_KM,
          box,
        },
        familyMode: query.familyMode,
        ages,
        date,
        timeZone: date === undefined ? place.timeZone : dateZone(query.tz, place.timeZone),
      });
      return { categories: counts, location: place.label };
    },
  );

  app.get(
    '/events/saved',
    {
      schema: {
        operationId: 'getEventsByIds',
        summary: 'The events behind a list of saved ids, in the order given',
        description:
          'Ids of events that no longer exist are left out; at most 200 ids (400 beyond). No sign-in needed: the ids are the secret-free list the browser keeps.',
        tags: ['events'],
        querystring: SavedEventsQuery,
        response: { 200: EventList, '4xx': ApiError },
      },
    },
    async (request) => ({
      events: await findEventsByIds(app.db, splitIds(request.query.ids)),
    }),
  );

  app.get(
    '/events/:id',
    {
      schema: {
        operationId: 'getEvent',
        summary: 'One event by id, past or upcoming',
        tags: ['events'],
        params: EventIdParams,
        response: { 200: Event, '4xx': ApiError },
      },
    },
    async (request) => {
      const event = await findEvent(app.db, request.params.id);
      if (!event) {
        throw new HttpError(404, 'not_found', (i18n) => i18n.t('server.error.event.notFound'));
      }
      return event;
    },
  );
}
