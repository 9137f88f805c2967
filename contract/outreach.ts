import { type Static, Type } from '@sinclair/typebox';
import { SearchEventsQuery, StringEnum } from './events.ts';

/*
 * Issue 34: how FamJam reaches a family outside the app, with the family in control of every
 * message: Web Push per device, a weekly email, and searches that watch for new events.
 * Every route here is the caller's own (`/api/me/...`, ID token verified), apart from the
 * email's one-click unsubscribe, which its token alone authorises (RFC 8058).
 */

/** What a push can be about; each has its own switch in Profile, all on once push is on. */
export const pushKinds = ['changes', 'reminders', 'concerts', 'watched'] as const;
export type PushKind = (typeof pushKinds)[number];

/**
 * - changes: a saved event cancelled or moved by its source;
 * - reminders: the day before a saved event, at REMINDER_LOCAL_HOUR in the family's zone;
 * - concerts: a new concert that matches the family's taste;
 * - watched: a new event matching one of the family's watched searches.
 */
export const PushKindSettings = Type.Object(
  {
    changes: Type.Boolean(),
    reminders: Type.Boolean(),
    concerts: Type.Boolean(),
    watched: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type PushKindSettings = Static<typeof PushKindSettings>;

/** The local hour the day-before reminder is sent at (the family's time zone). */
export const REMINDER_LOCAL_HOUR = 17;
/** Quiet hours, local time: nothing is pushed from QUIET_FROM_HOUR until QUIET_UNTIL_HOUR. */
export const QUIET_FROM_HOUR = 21;
export const QUIET_UNTIL_HOUR = 8;
/** At most this many pushes per family per local day (the rest wait in the bell). */
export const MAX_PUSHES_PER_DAY = 4;
/** At most this many watched searches per family. */
export const MAX_WATCHED_SEARCHES = 10;
export const WATCHED_SEARCH_NAME_MAX_LENGTH = 60;

/** A radius as Search's URL writes it (contract/radius.ts parseRadiusParam reads it). */
const WeeklyEmailRadius = Type.String({
  pattern: '^[0-9]{1,3}(\\.[0-9]{1,2})?(km|mi)$',
  maxLength: 8,
});

/** `GET` and `PUT /api/me/outreach`: the family's settings, the same on every device. */
export const OutreachSettings = Type.Object({
  /** Which kinds of push the family wants (on each device that subscribed). */
  push: PushKindSettings,
  /** The Thursday email "This weekend for your family". Off until the family turns it on. */
  weeklyEmail: Type.Boolean(),
  /** The end of onboarding offered the weekly email once (shown or answered). */
  weeklyEmailOffered: Type.Boolean(),
  /**
   * The weekly email's Family Safe: only family-friendly events when on. The app keeps Family
   * Safe per device; the device that turns the email on, or changes Family Safe while signed
   * in, sends its choice here.
   */
  familySafe: Type.Boolean(),
  /** The weekly email's radius as Search's URL writes it ('5mi'), null for the default 40 km; sent like familySafe. */
  radius: Type.Union([WeeklyEmailRadius, Type.Null()]),
  /** IANA zone the reminders and quiet hours are counted in; the device's, sent on change. */
  timeZone: Type.String({ minLength: 1, maxLength: 64 }),
  /** How many devices of this account are subscribed to push now. */
  pushDevices: Type.Integer({ minimum: 0 }),
});
export type OutreachSettings = Static<typeof OutreachSettings>;

/** `PUT /api/me/outreach`: any subset of the settings; the rest stay as they are. */
export const UpdateOutreachBody = Type.Object(
  {
    push: Type.Optional(Type.Partial(PushKindSettings, { additionalProperties: false })),
    weeklyEmail: Type.Optional(Type.Boolean()),
    weeklyEmailOffered: Type.Optional(Type.Boolean()),
    familySafe: Type.Optional(Type.Boolean()),
    radius: Type.Optional(Type.Union([WeeklyEmailRadius, Type.Null()])),
    timeZone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateOutreachBody = Static<typeof UpdateOutreachBody>;

/** At most this many "Send me this week's email now" per account and hour. */
export const WEEKLY_EMAIL_PREVIEWS_PER_HOUR = 3;

/**
 * `POST /api/me/outreach/weekly-email-preview`: the caller's next weekly email, sent now to the
 * account's address (409 while the weekly email is off). `sent: false` when the weekend has
 * nothing to tell yet, with a sentence saying so.
 */
export const WeeklyEmailPreviewResult = Type.Union([
  Type.Object({
    sent: Type.Literal(true),
    /** The subject line, as the Thursday email will have it. */
    subject: Type.String(),
  }),
  Type.Object({ sent: Type.Literal(false), reason: Type.String() }),
]);
export type WeeklyEmailPreviewResult = Static<typeof WeeklyEmailPreviewResult>;

/** `/api/config`'s `push`: the VAPID public key the browser subscribes with (base64url). */
export const PushConfig = Type.Object({ vapidPublicKey: Type.String({ minLength: 1 }) });
export type PushConfig = Static<typeof PushConfig>;

/**
 * `PUT /api/me/push-subscriptions`: this device's subscription (PushSubscription.toJSON()),
 * stored or refreshed by its endpoint. `DELETE` with `{ endpoint }` removes it.
 */
export const PushSubscriptionBody = Type.Object(
  {
    endpoint: Type.String({ format: 'uri', minLength: 8, maxLength: 2000 }),
    keys: Type.Object(
      {
        p256dh: Type.String({ minLength: 1, maxLength: 200 }),
        auth: Type.String({ minLength: 1, maxLength: 100 }),
      },
      { additionalProperties: false },
    ),
    /** The device's IANA zone: the settings' timeZone follows the last device that subscribed. */
    timeZone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type PushSubscriptionBody = Static<typeof PushSubscriptionBody>;

export const PushEndpointBody = Type.Object(
  { endpoint: Type.String({ minLength: 8, maxLength: 2000 }) },
  { additionalProperties: false },
);
export type PushEndpointBody = Static<typeof PushEndpointBody>;

/**
 * What a push carries (the service worker shows it): the text, and the path inside FamJam a tap
 * opens (`/event/{id}`, `/search?...`), which goes through sign-in like any deep link.
 */
export const PushPayload = Type.Object({
  title: Type.String(),
  body: Type.String(),
  path: Type.String({ pattern: '^/' }),
  /** Replaces an earlier push about the same thing on the device. */
  tag: Type.String(),
});
export type PushPayload = Static<typeof PushPayload>;

/**
 * A watched search's filters: Search's own parameters (the same names and checks as
 * `GET /api/events/search`), without paging, the map's box or the zone.
 */
export const WatchedSearchFilters = Type.Pick(
  SearchEventsQuery,
  ['query', 'category', 'familyMode', 'ages', 'location', 'price', 'date', 'radiusKm'],
  { additionalProperties: false },
);
export type WatchedSearchFilters = Static<typeof WatchedSearchFilters>;

export const watchedSearchStates = ['active', 'paused'] as const;

export const WatchedSearch = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String({ minLength: 1, maxLength: WATCHED_SEARCH_NAME_MAX_LENGTH }),
  filters: WatchedSearchFilters,
  state: StringEnum(watchedSearchStates),
  createdAt: Type.String({ format: 'date-time' }),
});
export type WatchedSearch = Static<typeof WatchedSearch>;

/** `GET /api/me/watched-searches`: the family's, newest first. */
export const WatchedSearchList = Type.Object({
  searches: Type.Array(WatchedSearch),
  limit: Type.Integer(),
});
export type WatchedSearchList = Static<typeof WatchedSearchList>;

/** `POST /api/me/watched-searches`: 409 with a message once MAX_WATCHED_SEARCHES are kept. */
export const CreateWatchedSearchBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: WATCHED_SEARCH_NAME_MAX_LENGTH, pattern: '\\S' }),
    filters: WatchedSearchFilters,
  },
  { additionalProperties: false },
);
export type CreateWatchedSearchBody = Static<typeof CreateWatchedSearchBody>;

/** `PATCH /api/me/watched-searches/{id}`: rename, pause or resume. */
export const UpdateWatchedSearchBody = Type.Object(
  {
    name: Type.Optional(
      Type.String({ minLength: 1, maxLength: WATCHED_SEARCH_NAME_MAX_LENGTH, pattern: '\\S' }),
    ),
    state: Type.Optional(StringEnum(watchedSearchStates)),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateWatchedSearchBody = Static<typeof UpdateWatchedSearchBody>;
