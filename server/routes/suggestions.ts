import { ApiError } from '../../contract/errors.ts';
import { MAX_WAITING_SUGGESTIONS } from '../../contract/suggestionRules.ts';
import { SuggestEventBody, Suggestion, SuggestionList } from '../../contract/suggestions.ts';
import { HttpError } from '../plugins/errors.ts';
import { NoUserRecordError } from '../services/saved.ts';
import {
  createSuggestion,
  listOwnSuggestions,
  TooManyWaitingError,
} from '../services/suggestions.ts';
import type { FamJamApp } from '../types.ts';

/**
 * Events a signed-in family suggests (docs/suggestions.md). In the authenticated scope: every
 * route reaches suggestions only through the caller's own users row, so nobody reads or changes
 * another person's. Publishing and declining are the operators' (server/routes/operator.ts).
 */
export async function suggestionRoutes(app: FamJamApp): Promise<void> {
  app.post(
    '/me/suggestions',
    {
      schema: {
        operationId: 'suggestEvent',
        summary: 'Suggest an event; it waits for an operator to review it',
        description: `The place is found with FamJam's gazetteer (400 with code unknown_location when it is not). The date and time are the place's local time; a day that has passed is 400. At most ${MAX_WAITING_SUGGESTIONS} suggestions may wait per person (409 too_many_waiting). 409 conflict before onboarding created the profile. A picture is added afterwards with POST /api/me/suggestions/{id}/picture.`,
        tags: ['suggestions'],
        body: SuggestEventBody,
        response: { 201: Suggestion, '4xx': ApiError },
      },
    },
    async (request, reply) => {
      try {
        const suggestion = await createSuggestion(app.db, request.user.uid, request.body);
        return reply.code(201).send(suggestion);
      } catch (error) {
        if (error instanceof TooManyWaitingError) {
          throw new HttpError(409, 'too_many_waiting', error.message);
        }
        if (error instanceof NoUserRecordError) {
          throw new HttpError(
            409,
            'conflict',
            'Create your FamJam profile (finish onboarding) before suggesting an event.',
          );
        }
        throw error;
      }
    },
  );

  app.get(
    '/me/suggestions',
    {
      schema: {
        operationId: 'listMySuggestions',
        summary: "The caller's own suggestions, newest first, with their review status",
        description:
          "statusText is what the person is told: 'Waiting for review', 'Published' or 'Not published: {reason}'. 404 before onboarding created the profile.",
        tags: ['suggestions'],
        response: { 200: SuggestionList, '4xx': ApiError },
      },
    },
    async (request) => {
      try {
        return { suggestions: await listOwnSuggestions(app.db, request.user.uid) };
      } catch (error) {
        if (error instanceof NoUserRecordError) {
          throw new HttpError(
            404,
            'not_found',
            'No FamJam profile for this account yet, so no suggestions. Finish onboarding first.',
          );
        }
        throw error;
      }
    },
  );
}
