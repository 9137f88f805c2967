import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApiWrites } from '../test/fakeApi.ts';
import { forgetDevicePush } from './forgetDevicePush.ts';

/** A browser whose service worker holds `subscription` (or none). */
function deviceWith(
  subscription: { endpoint: string; unsubscribe: () => Promise<boolean> } | null,
) {
  vi.stubGlobal('navigator', {
    ...navigator,
    serviceWorker: {
      getRegistration: async () => ({ pushManager: { getSubscription: async () => subscription } }),
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('forgetDevicePush (sign-out on a device with push on)', () => {
  it("drops the browser's subscription and tells the server to forget it", async () => {
    const unsubscribe = vi.fn(async () => true);
    deviceWith({ endpoint: 'https://push.example/device-1', unsubscribe });
    const { sent } = stubApiWrites(() => new Response(null, { status: 204 }));
    await forgetDevicePush();
    expect(unsubscribe).toHaveBeenCalledOnce();
    expect(sent).toEqual([
      {
        method: 'DELETE',
        path: '/api/me/push-subscriptions',
        body: { endpoint: 'https://push.example/device-1' },
      },
    ]);
  });

  it('still drops the subscription when the server cannot be reached', async () => {
    const unsubscribe = vi.fn(async () => true);
    deviceWith({ endpoint: 'https://push.example/device-2', unsubscribe });
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await forgetDevicePush();
    expect(unsubscribe).toHaveBeenCalledOnce();
  });

  it('does nothing on a device that never turned push on', async () => {
    deviceWith(null);
    const { sent } = stubApiWrites(() => new Response(null, { status: 204 }));
    await forgetDevicePush();
    expect(sent).toEqual([]);
  });
});
