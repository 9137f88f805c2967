import { Type } from '@sinclair/typebox';
import { ApiError } from '../../contract/errors.ts';
import { JobList } from '../../contract/jobs.ts';
import {
  AccountRole,
  AddSourceBody,
  DeclineSuggestionBody,
  MAX_SOURCE_ID,
  OperatorSuggestionsQuery,
  SourceIdParams,
  SourceList,
} from '../../contract/operator.ts';
import { SourceSummary } from '../../contract/sources.ts';
import { Suggestion, SuggestionIdParams, SuggestionList } from '../../contract/suggestions.ts';
import { HttpError } from '../plugins/errors.ts';
import { guardOperatorRoutes, requestIsOperator } from '../plugins/operator.ts';
import { listJobStatuses } from '../services/jobs.ts';
import {
  addSource,
  listSources,
  removeSource,
  runSourceNow,
  setSourceEnabled,
  sourceRunDependencies,
} from '../services/sources/sources.ts';
import {
  declineSuggestion,
  listWaitingSuggestions,
  publishSuggestion,
} from '../services/suggestions.ts';
import type { FamJamApp } from '../types.ts';

const noSuchSource = () => new HttpError(404, 'not_found', 'There is no source with this id.');

/** The sources service's 'no such source' (null) as the API's 404. */
function foundSource(summary: SourceSummary | null): SourceSummary {
  if (summary === null) throw noSuchSource();
  return summary;
}

/**
 * The source id a path names, already checked to be plain decimal (SourceIdParams); one past
 * what the column can hold names no source.
 */
function sourceIdOf(params: SourceIdParams): number {
  const id = Number(params.id);
  if (id > MAX_SOURCE_ID) throw noSuchSource();
  return id;
}

/**
 * The operator screen's API (docs/suggestions.md): the review queue of suggested events and the
 * event sources. Registered in the authenticated scope (401 without a token); every route under
 * /operator also answers 403 to anyone who is not an operator (server/plugins/operator.ts).
 * `GET /me/role` is open to every signed-in caller: it tells the client whether to show the
 * operator screen's link.
 */
export async function operatorRoutes(app: FamJamApp): Promise<void> {
  app.get(
    '/me/role',
    {
      schema: {
        operationId: 'getMyRole',
        summary: 'Whether the caller is a FamJam operator',
        description:
          'An operator has a verified email named in FAMJAM_OPERATOR_EMAILS, or the Firebase custom claim operator: true. The client shows the operator screen to operators only; the operator routes check on every call.',
        tags: ['me'],
        response: { 200: AccountRole, '4xx': ApiError },
      },
    },
    async (request) => ({ operator: requestIsOperator(app, request) }),
  );

  // Its own encapsulated scope, so the guard covers exactly the /operator routes.
  await app.register(async (operator: FamJamApp) => {
    guardOperatorRoutes(operator);

    operator.get(
      '/operator/suggestions',
      {
        schema: {
          operationId: 'listWaitingSuggestions',
          summary: 'Suggested events waiting for review, oldest first',
          description: '403 to anyone who is not an operator.',
          tags: ['operator'],
          querystring: OperatorSuggestionsQuery,
          response: { 200: SuggestionList, '4xx': ApiError },
        },
      },
      async () => ({ suggestions: await listWaitingSuggestions(app.db) }),
    );

    operator.post(
      '/operator/suggestions/:id/publish',
      {
        schema: {
          operationId: 'publishSuggestion',
          summary: 'Publish a waiting suggestion as an event',
          description:
            "Creates the event suggestion:{id} (source 'suggestion') with the suggestion's fields and picture; it is listed and found by search at once. 409 when already reviewed, 403 to anyone who is not an operator.",
          tags: ['operator'],
          params: SuggestionIdParams,
          response: { 200: Suggestion, '4xx': ApiError },
        },
      },
      async (request) => publishSuggestion(app.db, request.params.id, request.log),
    );

    operator.post(
      '/operator/suggestions/:id/decline',
      {
        schema: {
          operationId: 'declineSuggestion',
          summary: 'Decline a waiting suggestion, with the reason its author will read',
          description:
            "The author sees 'Not published: {reason}'. 409 when already reviewed, 403 to anyone who is not an operator.",
          tags: ['operator'],
          params: SuggestionIdParams,
          body: DeclineSuggestionBody,
          response: { 200: Suggestion, '4xx': ApiError },
        },
      },
      async (request) => declineSuggestion(app.db, request.params.id, request.body.reason),
    );

    operator.get(
      '/operator/sources',
      {
        schema: {
          operationId: 'listSources',
          summary: 'Every event source with its last run',
          description:
            'Name, kind, interval, paused or not, the last run (when, outcome, added/updated/skipped/invalid/cancelled counts, error). 403 to anyone who is not an operator.',
          tags: ['operator'],
          response: { 200: SourceList, '4xx': ApiError },
        },
      },
      async () => ({ sources: await listSources(app.db) }),
    );

    operator.post(
      '/operator/sources',
      {
        schema: {
          operationId: 'addSource',
          summary: 'Add an event source, as npm run sources -- add does',
          description:
            "Checked with the CLI's rules; a wrong field is 400 with the CLI's sentence, the same kind and URL twice is 409. The source is due at once: the poller fetches it at its next tick. Sources on a private network can only be added from the CLI. 403 to anyone who is not an operator.",
          tags: ['operator'],
          body: AddSourceBody,
          response: { 201: SourceSummary, '4xx': ApiError },
        },
      },
      async (request, reply) => {
        const { url, ...rest } = request.body;
        const added = await addSource(app.db, { ...rest, target: url });
        return reply.code(201).send(added);
      },
    );

    operator.delete(
      '/operator/sources/:id',
      {
        schema: {
          operationId: 'removeSource',
          summary: 'Remove an event source; the events it brought stay',
          description:
            'As npm run sources -- remove: saved events and links keep working. 404 for an unknown source, 403 to anyone who is not an operator.',
          tags: ['operator'],
          params: SourceIdParams,
          response: { 204: Type.Null({ description: 'Removed' }), '4xx': ApiError },
        },
      },
      async (request, reply) => {
        if (!(await removeSource(app.db, sourceIdOf(request.params)))) {
          throw noSuchSource();
        }
        return reply.code(204).send(null);
      },
    );

    operator.post(
      '/operator/sources/:id/run',
      {
        schema: {
          operationId: 'runSourceNow',
          summary: 'Run a source now, whatever its schedule, and answer with its new last run',
          description:
            'Waits for the run (the download has its own time limit). A failed run is still 200: lastError says why. 404 for an unknown source, 403 to anyone who is not an operator.',
          tags: ['operator'],
          params: SourceIdParams,
          response: { 200: SourceSummary, '4xx': ApiError },
        },
      },
      async (request) =>
        foundSource(
          await runSourceNow(
            app.db,
            sourceIdOf(request.params),
            sourceRunDependencies(app.config, () => app.server.address()),
          ),
        ),
    );

    operator.post(
      '/operator/sources/:id/pause',
      {
        schema: {
          operationId: 'pauseSource',
          summary: 'Pause a source: the server stops polling it until it is resumed',
          description:
            'Its events stay listed. 404 for an unknown source, 403 to anyone who is not an operator.',
          tags: ['operator'],
          params: SourceIdParams,
          response: { 200: SourceSummary, '4xx': ApiError },
        },
      },
      async (request) =>
        foundSource(await setSourceEnabled(app.db, sourceIdOf(request.params), false)),
    );

    operator.post(
      '/operator/sources/:id/resume',
      {
        schema: {
          operationId: 'resumeSource',
          summary: 'Resume a paused source; it is due at once',
          description: '404 for an unknown source, 403 to anyone who is not an operator.',
          tags: ['operator'],
          params: SourceIdParams,
          response: { 200: SourceSummary, '4xx': ApiError },
        },
      },
      async (request) =>
        foundSource(await setSourceEnabled(app.db, sourceIdOf(request.params), true)),
    );

    operator.get(
      '/operator/jobs',
      {
        schema: {
          operationId: 'listJobs',
          summary: "The server's timed jobs (source polling, picture fetching, cleanups)",
          description:
            'Per job: whether a process runs it now, its last and next run, and why the last failed (with how many failed in a row). The same whichever process answers. 403 to anyone who is not an operator.',
          tags: ['operator'],
          response: { 200: JobList, '4xx': ApiError },
        },
      },
      async () => ({ jobs: await listJobStatuses(app.db) }),
    );
  });
}
