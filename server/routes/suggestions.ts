import { ApiError } from '../../contract/errors.ts';
import { PICTURE_MAX_BYTES } from '../../contract/pictures.ts';
import { MAX_WAITING_SUGGESTIONS } from '../../contract/suggestionRules.ts';
import {
  SuggestEventBody,
  Suggestion,
  SuggestionIdParams,
  SuggestionList,
} from '../../contract/suggestions.ts';
import { HttpError } from '../plugins/errors.ts';
import {
  acceptImageFileBodies,
  megabytes,
  refuseMalformedContentType,
} from '../plugins/imageFileBodies.ts';
import { storePicture } from '../services/pictures/pictures.ts';
import {
  createSuggestion,
  listOwnSuggestions,
  ownWaitingSuggestion,
  setSuggestionPicture,
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
      const suggestion = await createSuggestion(app.db, request.user.uid, request.body);
      return reply.code(201).send(suggestion);
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
    async (request) => ({ suggestions: await listOwnSuggestions(app.db, request.user.uid) }),
  );

  // Its own encapsulated plugin: it reads raw image bodies, which no other route accepts.
  await app.register(suggestionPictureRoutes);
}

const maxMegabytes = megabytes(PICTURE_MAX_BYTES);

/**
 * `POST /api/me/suggestions/:id/picture`: the picture of the caller's own waiting suggestion,
 * sent as the image file itself (as the profile photo is). The picture store decodes it with
 * sharp and keeps only re-encoded sizes, so the bytes as sent are never served; what does not
 * decode is refused in words (server/services/pictures/pictures.ts).
 */
async function suggestionPictureRoutes(app: FamJamApp): Promise<void> {
  acceptImageFileBodies(app, 'picture', PICTURE_MAX_BYTES);

  app.post(
    '/me/suggestions/:id/picture',
    {
      bodyLimit: PICTURE_MAX_BYTES,
      preParsing: refuseMalformedContentType('picture'),
      schema: {
        operationId: 'uploadSuggestionPicture',
        summary: "Set the picture of the caller's own waiting suggestion",
        description: `The body is the image file itself (at most ${maxMegabytes} MB; larger is 413). Its format is read from its first bytes before anything is decoded: JPEG, PNG, WebP, AVIF, GIF or TIFF; anything else (an SVG drawing included) is 415 with the reason, as is a Content-Type header that is not a valid media type. It is then decoded under a pixel and a time budget, stripped of metadata and stored re-encoded; a file that does not decode within them is 422 with the reason. 404 for a suggestion that is not the caller's, 409 once it was reviewed.`,
        tags: ['suggestions'],
        params: SuggestionIdParams,
        consumes: ['image/jpeg', 'image/png', 'image/webp', 'application/octet-stream'],
        response: { 200: Suggestion, '4xx': ApiError },
      },
    },
    async (request) => {
      const body: unknown = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) {
        throw new HttpError(400, 'bad_request', (i18n) => i18n.t('server.error.picture.noBody'));
      }
      const suggestion = await ownWaitingSuggestion(app.db, request.user.uid, request.params.id);
      // A file of another format answers 415, one that does not decode 422 (the error plugin).
      const { id } = await storePicture(app.db, body, {
        origin: `suggestion:${suggestion.id}`,
        alt: suggestion.title,
      });
      return await setSuggestionPicture(app.db, suggestion.id, id);
    },
  );
}
