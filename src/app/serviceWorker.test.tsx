import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type ToastMessage, ToastProvider, useToast } from '../ui/index.ts';
import {
  registerServiceWorker,
  type ServiceWorkerClient,
  startServiceWorker,
} from './serviceWorker.ts';

/** Stands in for workbox-window's Workbox: the test fires its events. */
function fakeWorkbox() {
  const listeners = new Map<string, Array<() => void>>();
  const client: ServiceWorkerClient & { fire(type: 'waiting' | 'controlling'): void } = {
    addEventListener(type, listener) {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    },
    messageSkipWaiting: vi.fn(),
    messageSW: vi.fn(async () => true),
    register: vi.fn(async () => undefined),
    fire(type) {
      for (const listener of listeners.get(type) ?? []) listener();
    },
  };
  return client;
}

function start() {
  const client = fakeWorkbox();
  const onUpdateWaiting = vi.fn<(applyUpdate: () => void) => void>();
  const reload = vi.fn();
  const registered = registerServiceWorker({ onUpdateWaiting, reload }, client, false);
  return { client, onUpdateWaiting, reload, registered };
}

describe('registerServiceWorker', () => {
  it('registers the worker', async () => {
    const { client, registered } = start();
    await registered;
    expect(client.register).toHaveBeenCalledTimes(1);
    // A page the worker already controls: its own /api/config request went through it.
    expect(client.messageSW).not.toHaveBeenCalled();
  });

  it('on the visit that installs it, has the worker cache /api/config, which the app needs to start', async () => {
    const client = fakeWorkbox();
    await registerServiceWorker({ onUpdateWaiting: vi.fn(), reload: vi.fn() }, client, true);
    expect(client.messageSW).toHaveBeenCalledWith({
      type: 'CACHE_URLS',
      payload: { urlsToCache: ['/api/config'] },
    });
  });

  it('offers a waiting update and changes nothing until it is accepted', () => {
    const { client, onUpdateWaiting, reload } = start();
    client.fire('waiting');
    expect(onUpdateWaiting).toHaveBeenCalledTimes(1);
    expect(client.messageSkipWaiting).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('on Reload, activates the waiting worker and reloads once it controls the page', () => {
    const { client, onUpdateWaiting, reload } = start();
    client.fire('waiting');
    const applyUpdate = onUpdateWaiting.mock.calls[0]?.[0];
    if (!applyUpdate) throw new Error('no update was offered');

    applyUpdate();
    expect(client.messageSkipWaiting).toHaveBeenCalledTimes(1);
    // Not before the new worker has taken over: the reload would still get the old version.
    expect(reload).not.toHaveBeenCalled();
    client.fire('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload when a worker takes control without being asked here (another tab)', () => {
    const { client, reload } = start();
    client.fire('waiting');
    client.fire('controlling');
    expect(reload).not.toHaveBeenCalled();
  });
});

let show: (message: ToastMessage) => void = () => undefined;
function Capture() {
  show = useToast();
  return null;
}

describe('startServiceWorker', () => {
  beforeAll(async () => {
    // The toast region is a lazy chunk; compiling it the first time can outlast findBy.
    await import('../ui/ToastRegion.tsx');
  });

  it('offers a waiting version in a toast whose Reload switches to it', async () => {
    render(
      <ToastProvider>
        <Capture />
      </ToastProvider>,
    );
    const client = fakeWorkbox();
    const reload = vi.fn();
    await startServiceWorker(show, client, reload, false);
    expect(client.register).toHaveBeenCalledTimes(1);

    client.fire('waiting');
    expect(await screen.findByText('A new version of FamJam is available')).toBeVisible();
    expect(client.messageSkipWaiting).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(client.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('A new version of FamJam is available')).toBeNull();
    client.fire('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('keeps the app working when registration fails (logged, not thrown)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const client = fakeWorkbox();
    vi.mocked(client.register).mockRejectedValueOnce(new Error('SecurityError'));
    await expect(startServiceWorker(show, client, vi.fn(), false)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('Service worker registration failed:', expect.any(Error));
  });
});
