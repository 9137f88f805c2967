import { describe, expect, it, vi } from 'vitest';
import {
  FALLBACK_NOTIFICATION,
  NOTIFICATION_ICON,
  notificationFromPush,
  openNotificationPath,
  type PushWorkerScope,
  type WindowClientLike,
} from './pushWorker.ts';

const origin = 'https://famjam.test';

function windowAt(url: string, navigable = true) {
  const client: WindowClientLike = {
    url,
    focus: vi.fn(async () => client),
    navigate: vi.fn(async (to: string) => {
      if (!navigable) throw new TypeError('This service worker is not the client’s active one');
      return { ...client, url: to };
    }),
  };
  return client;
}

function scopeWith(windows: WindowClientLike[]) {
  const openWindow = vi.fn(async (_url: string) => null);
  const scope: PushWorkerScope = {
    location: { origin },
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: { matchAll: async () => windows, openWindow },
  };
  return { scope, openWindow };
}

describe('notificationFromPush', () => {
  it('shows the payload’s title, body and tag, with the icon and the path to open', () => {
    const payload = {
      title: 'Family Jazz Picnic was cancelled',
      body: 'Saturday’s picnic will not take place. You saved it.',
      path: '/event/seed%3Asf-0001',
      tag: 'changes:seed:sf-0001',
    };
    expect(notificationFromPush(() => payload)).toEqual({
      title: payload.title,
      options: {
        body: payload.body,
        tag: payload.tag,
        icon: NOTIFICATION_ICON,
        data: { path: '/event/seed%3Asf-0001' },
      },
    });
  });

  it('never sends a tap off FamJam: a path to another host opens the home page', () => {
    for (const path of [
      '//evil.test/x',
      '/\\evil.test',
      '/\t/evil.test/x',
      '/\n/evil.test',
      'https://evil.test/',
      42,
    ]) {
      const shown = notificationFromPush(() => ({ title: 'T', body: 'B', tag: 't', path }));
      expect(shown.options.data.path).toBe('/');
    }
  });

  it('shows the fallback for a push it cannot read (every push must show something)', () => {
    const fallback = {
      title: FALLBACK_NOTIFICATION.title,
      options: {
        body: FALLBACK_NOTIFICATION.body,
        tag: FALLBACK_NOTIFICATION.tag,
        icon: NOTIFICATION_ICON,
        data: { path: '/' },
      },
    };
    expect(
      notificationFromPush(() => {
        throw new SyntaxError('not JSON');
      }),
    ).toEqual(fallback);
    expect(notificationFromPush(() => undefined)).toEqual(fallback);
    expect(notificationFromPush(() => ({ body: 'no title' }))).toEqual(fallback);
  });

  it("says the fallback in the browser's language when FamJam speaks it, else in English", () => {
    const unreadable = () => undefined;
    expect(notificationFromPush(unreadable, ['es-MX', 'en-US']).options.body).toBe(
      'Tienes algo nuevo esperándote en FamJam.',
    );
    expect(notificationFromPush(unreadable, ['en-US', 'es']).options.body).toBe(
      'Something new is waiting for you in FamJam.',
    );
    expect(notificationFromPush(unreadable, ['fr-FR']).options.body).toBe(
      'Something new is waiting for you in FamJam.',
    );
    // A readable push shows its own words, which the server wrote in the family's language.
    expect(
      notificationFromPush(() => ({ title: 'Nuevo evento', body: 'Mira', path: '/' }), ['en'])
        .options.body,
    ).toBe('Mira');
  });
});

describe('openNotificationPath', () => {
  it('focuses an open FamJam window and takes it to the path', async () => {
    const other = windowAt('https://elsewhere.test/');
    const famjam = windowAt(`${origin}/search`);
    const { scope, openWindow } = scopeWith([other, famjam]);
    await openNotificationPath(scope, { path: '/event/e1' });
    expect(famjam.focus).toHaveBeenCalled();
    expect(famjam.navigate).toHaveBeenCalledWith(`${origin}/event/e1`);
    expect(other.focus).not.toHaveBeenCalled();
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('opens a new window when none is open, or the open one cannot be navigated', async () => {
    const none = scopeWith([]);
    await openNotificationPath(none.scope, { path: '/search?q=jazz' });
    expect(none.openWindow).toHaveBeenCalledWith(`${origin}/search?q=jazz`);

    const uncontrolled = scopeWith([windowAt(`${origin}/`, false)]);
    await openNotificationPath(uncontrolled.scope, { path: '/event/e2' });
    expect(uncontrolled.openWindow).toHaveBeenCalledWith(`${origin}/event/e2`);
  });
});
