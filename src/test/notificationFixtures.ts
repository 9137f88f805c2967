import type { Notification, NotificationList } from '../../contract/notifications.ts';

/*
 * Test data: what GET /api/me/notifications answers for a new account (a welcome and two tips,
 * docs/product.md#spec-9's count of 3), and helpers for other lists. Used by component tests only.
 */

export function notificationFixture(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 'welcome',
    kind: 'welcome',
    title: 'Welcome to FamJam!',
    body: 'Find events the whole family will love.',
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    read: false,
    eventId: null,
    ...overrides,
  };
}

export function notificationList(notifications: Notification[]): NotificationList {
  return { notifications, unreadCount: notifications.filter((item) => !item.read).length };
}

export const newAccountNotifications: NotificationList = notificationList([
  notificationFixture(),
  notificationFixture({
    id: 'tip:shake',
    kind: 'tip',
    title: 'Shake to discover',
    body: 'Shake your phone on Home for a surprise pick.',
  }),
  notificationFixture({
    id: 'tip:save',
    kind: 'tip',
    title: 'Save for later',
    body: 'Tap the heart on an event to keep it in Saved.',
  }),
]);

/** The same list after POST /api/me/notifications/read. */
export function readAll(list: NotificationList): NotificationList {
  return {
    notifications: list.notifications.map((item) => ({ ...item, read: true })),
    unreadCount: 0,
  };
}
