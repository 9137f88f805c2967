import { Type } from '@sinclair/typebox';
import { ApiError } from '../../contract/errors.ts';
import {
  MAX_PUSHES_PER_DAY,
  OutreachSettings,
  PushEndpointBody,
  PushSubscriptionBody,
  QUIET_FROM_HOUR,
  QUIET_UNTIL_HOUR,
  REMINDER_LOCAL_HOUR,
  UpdateOutreachBody,
} from '../../contract/outreach.ts';
import {
  outreachSettingsFor,
  removePushSubscription,
  savePushSubscription,
  updateOutreachSettings,
} from '../services/outreach/settings.ts';
import type { FamJamApp } from '../types.ts';

/**
 * What FamJam may send the signed-in family outside the app (docs/outreach.md): the settings
 * and this device's push subscription. In the authenticated scope, which verifies the ID token
 * first; every route reaches only the caller's rows. The API rate limit counts them like any
 * other read or write.
 */
export async function outreachRoutes(app: FamJamApp): Promise<void> {
  const policy = { privateOrigins: app.config.push.privateOrigins };

  app.get(
    '/me/outreach',
    {
      schema: {
        operationId: 'getOutreachSettings',
        summary: "The caller's push and email settings (made with the defaults on first use)",
        description: `Every push kind on, the weekly email off, the time zone of the profile's place (else America/Los_Angeles). pushDevices counts this account's subscribed devices. 409 before the caller has a FamJam profile.`,
        tags: ['me'],
        response: { 200: OutreachSettings, '4xx': ApiError },
      },
    },
    async (request) => outreachSettingsFor(app.db, request.user.uid),
  );

  app.put(
    '/me/outreach',
    {
      schema: {
        operationId: 'updateOutreachSettings',
        summary: "Change some of the caller's push and email settings",
        description: `Only what the body names changes. timeZone must be an IANA zone (400 otherwise); day-before reminders go at ${REMINDER_LOCAL_HOUR}:00 in it, nothing is pushed from ${QUIET_FROM_HOUR}:00 to ${QUIET_UNTIL_HOUR}:00, and at most ${MAX_PUSHES_PER_DAY} pushes a day.`,
        tags: ['me'],
        body: UpdateOutreachBody,
        response: { 200: OutreachSettings, '4xx': ApiError },
      },
    },
    async (request) => updateOutreachSettings(app.db, request.user.uid, request.body),
  );

  app.put(
    '/me/push-subscriptions',
    {
      schema: {
        operationId: 'savePushSubscription',
        summary: "Store (or refresh) this device's push subscription for the caller",
        description:
          "The body is PushSubscription.toJSON() with the device's time zone, which the settings then follow. Stored by endpoint: an endpoint another account subscribed moves to the caller (the browser is whoever subscribed on it last). The endpoint must be an https push service. Returns the settings.",
        tags: ['me'],
        body: PushSubscriptionBody,
        response: { 200: OutreachSettings, '4xx': ApiError },
      },
    },
    async (request) => savePushSubscription(app.db, request.user.uid, request.body, policy),
  );

  app.delete(
    '/me/push-subscriptions',
    {
      schema: {
        operationId: 'deletePushSubscription',
        summary: "Forget this device's push subscription",
        description:
          "Deletes the caller's subscription with this endpoint. 204 whether or not there was one (another account's is left alone).",
        tags: ['me'],
        body: PushEndpointBody,
        response: { 204: Type.Null({ description: 'Forgotten' }), '4xx': ApiError },
      },
    },
    async (request, reply) => {
      await removePushSubscription(app.db, request.user.uid, request.body.endpoint);
      return reply.code(204).send(null);
    },
  );
}
