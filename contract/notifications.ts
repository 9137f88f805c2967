import { type Static, Type } from '@sinclair/typebox';
import { StringEnum } from './events.ts';

/**
 * The bell's list (`GET /api/me/notifications`), computed for the caller when asked:
 * - 'welcome' and 'tip': the three every new account starts with (docs/product.md#spec-9: notification count 3);
 * - 'reminder': a saved event that starts within the next 48 hours;
 * - 'new_event': an event added since the caller last opened the list, in a category they care
 *   about, near their profile's location;
 * - 'concert': such a music event that matches the family's taste (an artist from a connected
 *   music service or an onboarding genre, as GET /api/me/recommendations matches them), listed
 *   as this instead of as a 'new_event'.
 * - 'cancelled': a saved event its source cancelled after it was saved ('Bubble Festival on
 *   Saturday was cancelled');
 * - 'rescheduled': a saved event whose start its source moved after it was saved.
 * - 'watched': a new event that matched one of the family's watched searches ('New event for
 *   "Story time"'), once per event however many searches matched it (the first is named).
 * `POST /api/me/notifications/read` marks everything up to now as read.
 */
export const notificationKinds = [
  'welcome',
  'tip',
  'reminder',
  'new_event',
  'concert',
  'cancelled',
  'rescheduled',
  'watched',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const REMINDER_WINDOW_HOURS = 48;

export const Notification = Type.Object({
  /** Stable for the same fact ('reminder:seed:sf-0001'), so a list can be keyed by it. */
  id: Type.String(),
  kind: StringEnum(notificationKinds),
  title: Type.String(),
  body: Type.String(),
  /** When it happened: account creation for welcome and tips, the event's import for new ones. */
  createdAt: Type.String({ format: 'date-time' }),
  read: Type.Boolean(),
  /** The event it is about (every kind but welcome and tip), which the list links to; null otherwise. */
  eventId: Type.Union([Type.String(), Type.Null()]),
});
export type Notification = Static<typeof Notification>;

/** Newest first. `unreadCount` is the bell's number. */
export const NotificationList = Type.Object({
  notifications: Type.Array(Notification),
  unreadCount: Type.Integer({ minimum: 0 }),
});
export type NotificationList = Static<typeof NotificationList>;
