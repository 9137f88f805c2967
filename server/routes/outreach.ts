import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
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
  WEEKLY_EMAIL_PREVIEWS_PER_HOUR,
  WeeklyEmailPreviewResult,
} from '../../contract/outreach.ts';
import { createMailer } from '../services/outreach/mailer.ts';
import {
  outreachSettingsFor,
  removePushSubscription,
  savePushSubscription,
  updateOutreachSettings,
} from '../services/outreach/settings.ts';
import {
  sendWeeklyEmailPreview,
  WEEKLY_EMAIL_OFF_MESSAGE,
} from '../services/outreach/weeklyEmailSend.ts';
import type { FamJamApp } from '../types.ts';

/**
 * Each preview is a real email to the account's address: a few an hour per account, counted
 * apart from the API's budget. After authentication (preHandler), so the key is the account,
 * not the address it calls from.
 */
const weeklyEmailPreviewRateLimit = {
  max: WEEKLY_EMAIL_PREVIEWS_PER_HOUR,
  timeWindow: '1 hour',
  hook: 'preHandler' as const,
  keyGenerator: (request: FastifyRequest) => `weekly-email-preview:${request.user.uid}`,
};

/**
 * What FamJam may send the signed-in family outside the app (docs/outreach.md): the settings
 * and this device's push subscription. In the authenticated scope, which verifies the ID token
 * first; every route reaches only the caller's rows. The API rate limit counts them like any
 * other read or write, apart from the weekly email preview, which has its own.
 */
export async function outreachRoutes(app: FamJamApp): Promise<void> {
  const policy = { privateOrigins: app.config.push.privateOrigins };
  // The preview's mailer: configured as the Thursday job's (server/jobs/timedWork.ts).
  const mailer = createMailer(app.config.email);
  app.addHook('onClose', async () => mailer.close());

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

  app.post(
    '/me/outreach/weekly-email-preview',
    {
      config: { rateLimit: weeklyEmailPreviewRateLimit },
      schema: {
        operationId: 'sendWeeklyEmailPreview',
        summary: "Send the caller this week's weekly email now",
        description: `The email the Thursday job sends the caller next (the coming weekend), sent now to the account's address, so a family sees what it looks like. No delivery is recorded: the Thursday email still comes. 409 "${WEEKLY_EMAIL_OFF_MESSAGE}" while the caller's weekly email is off; sent: false with a reason when the weekend has nothing to tell yet; 502 when the mail server fails; 429 after ${WEEKLY_EMAIL_PREVIEWS_PER_HOUR} in an hour.`,
        tags: ['me'],
        response: { 200: WeeklyEmailPreviewResult, '4xx': ApiError, '5xx': ApiError },
      },
    },
    async (request) =>
      sendWeeklyEmailPreview(
        app.db,
        request.user.uid,
        { mailer, origin: app.publicOrigin(), supportEmail: app.config.legal.supportEmail },
        new Date(),
      ),
  );
}
