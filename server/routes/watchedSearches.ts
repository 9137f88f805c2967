import { Type } from '@sinclair/typebox';
import { ApiError } from '../../contract/errors.ts';
import {
  CreateWatchedSearchBody,
  MAX_WATCHED_SEARCHES,
  UpdateWatchedSearchBody,
  WatchedSearch,
  WatchedSearchList,
} from '../../contract/outreach.ts';
import {
  changeWatchedSearch,
  createWatchedSearch,
  listWatchedSearches,
  removeWatchedSearch,
} from '../services/watchedSearches.ts';
import type { FamJamApp } from '../types.ts';

const WatchedSearchIdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

/**
 * The caller's watched searches ("Tell me about new events like this"), in the authenticated
 * scope: the token is verified first, and every route reaches rows only through the caller's
 * uid, so another family's id is a 404 and never touched. Before onboarding: 404.
 */
export async function watchedSearchRoutes(app: FamJamApp): Promise<void> {
  app.get(
    '/me/watched-searches',
    {
      schema: {
        operationId: 'listWatchedSearches',
        summary: "The caller's watched searches, newest first",
        description: `At most ${MAX_WATCHED_SEARCHES}, the limit given as \`limit\`.`,
        tags: ['me'],
        response: { 200: WatchedSearchList, '4xx': ApiError },
      },
    },
    async (request) => listWatchedSearches(app.db, request.user.uid),
  );

  app.post(
    '/me/watched-searches',
    {
      schema: {
        operationId: 'createWatchedSearch',
        summary: 'Watch a search: the family is told about new events it would show',
        description: `The filters are Search's (GET /api/events/search) and checked as it checks them. 201 with the new search; 200 with the caller's active search of the same filters instead of a copy; 409 once ${MAX_WATCHED_SEARCHES} are kept.`,
        tags: ['me'],
        body: CreateWatchedSearchBody,
        response: { 200: WatchedSearch, 201: WatchedSearch, '4xx': ApiError },
      },
    },
    async (request, reply) => {
      const { search, created } = await createWatchedSearch(app.db, request.user.uid, request.body);
      return reply.code(created ? 201 : 200).send(search);
    },
  );

  app.patch(
    '/me/watched-searches/:id',
    {
      schema: {
        operationId: 'updateWatchedSearch',
        summary: "Rename, pause or resume one of the caller's watched searches",
        tags: ['me'],
        params: WatchedSearchIdParams,
        body: UpdateWatchedSearchBody,
        response: { 200: WatchedSearch, '4xx': ApiError },
      },
    },
    async (request) =>
      changeWatchedSearch(app.db, request.user.uid, request.params.id, request.body),
  );

  app.delete(
    '/me/watched-searches/:id',
    {
      schema: {
        operationId: 'deleteWatchedSearch',
        summary: 'Stop watching a search (its matches go with it)',
        tags: ['me'],
        params: WatchedSearchIdParams,
        response: { 204: Type.Null({ description: 'Deleted' }), '4xx': ApiError },
      },
    },
    async (request, reply) => {
      await removeWatchedSearch(app.db, request.user.uid, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
