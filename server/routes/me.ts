import { Type } from '@sinclair/typebox';
import { ApiError } from '../../contract/errors.ts';
import { DEFAULT_RADIUS_KM, SavedIds, SavedIdsBody } from '../../contract/events.ts';
import { NotificationList } from '../../contract/notifications.ts';
import { messagesIn, requestLocale } from '../i18n.ts';
import { deleteAccountData } from '../services/account.ts';
import { markNotificationsRead, notificationsFor } from '../services/notifications.ts';
import { readSavedIds, replaceSavedIds } from '../services/saved.ts';
import type { FamJamApp } from '../types.ts';

/**
 * The signed-in caller's own data. Registered in the authenticated scope, which verifies the
 * Firebase ID token first; every route reaches rows only through the caller's uid. A valid token without a FamJam profile (onboarding not done)
 * gets 404 on read (there is no list) and 409 on write (the profile must exist first).
 */
export async function meRoutes(app: FamJamApp): Promise<void> {
  app.get(
    '/me/saved',
    {
      schema: {
        operationId: 'getSavedIds',
        summary: "The caller's saved event ids, in list order",
        tags: ['me'],
        response: { 200: SavedIds, '4xx': ApiError },
      },
    },
    async (request) => ({ ids: await readSavedIds(app.db, request.user.uid) }),
  );

  app.put(
    '/me/saved',
    {
      schema: {
        operationId: 'replaceSavedIds',
        summary: "Replace the caller's saved list",
        description:
          'The body is the whole list in display order (at most 200). Ids naming no event are not saved and come back in unknownIds.',
        tags: ['me'],
        body: SavedIdsBody,
        response: { 200: SavedIds, '4xx': ApiError },
      },
    },
    async (request) => replaceSavedIds(app.db, request.user.uid, request.body.ids),
  );

  app.get(
    '/me/notifications',
    {
      schema: {
        operationId: 'getNotifications',
        summary: "The caller's notifications, newest first, and the bell's unread count",
        description: `Computed when asked: the welcome and two tips every account starts with; a reminder for each saved event starting within the next 48 hours; and up to 5 upcoming events added in the last week (since the account was created) in the caller's categories (those of their saved events, plus music when they chose genres) within ${DEFAULT_RADIUS_KM} km of their profile location; such a music event that matches their taste (an artist from a connected music service, else an onboarding genre, matched as GET /api/me/recommendations does) comes as a 'concert' instead ('Raffi is playing near you', 'New concert for Jazz fans'), up to 5 of those too. Read means created no later than the last POST /api/me/notifications/read.`,
        tags: ['me'],
        response: { 200: NotificationList, '4xx': ApiError },
      },
    },
    // In the app's language: it sends its own with every call (Accept-Language).
    async (request) =>
      notificationsFor(
        app.db,
        request.user.uid,
        messagesIn(requestLocale(request.headers['accept-language'])),
      ),
  );

  app.post(
    '/me/notifications/read',
    {
      schema: {
        operationId: 'markNotificationsRead',
        summary: 'Mark every notification so far as read (the list was opened)',
        description: 'Returns the list, now with unreadCount 0.',
        tags: ['me'],
        response: { 200: NotificationList, '4xx': ApiError },
      },
    },
    async (request) =>
      markNotificationsRead(
        app.db,
        request.user.uid,
        messagesIn(requestLocale(request.headers['accept-language'])),
      ),
  );

  app.delete(
    '/me',
    {
      schema: {
        operationId: 'deleteOwnAccount',
        summary: "Delete the caller's account and everything FamJam stores about it",
        description:
          "In one transaction: the polls they created (with their options and votes), their votes on others' polls, their open music-service sign-ins, their saved list, calendar feed, suggestions, push devices, outreach settings, what was sent to them, watched searches, photo and profile. Then the Firebase account itself. Also for an account that never finished onboarding. 503 when the data is gone but Firebase could not be reached: calling again finishes the job.",
        tags: ['me'],
        response: { 204: Type.Null({ description: 'Deleted' }), '4xx': ApiError },
      },
    },
    async (request, reply) => {
      await deleteAccountData(app.db, request.user.uid);
      // Last: once the sign-in account is gone, the caller cannot retry with this token.
      await app.deleteFirebaseAccount(request.user.uid);
      return reply.code(204).send(null);
    },
  );
}
