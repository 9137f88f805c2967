import { act, render, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ToastMessage, ToastProvider } from '../ui/index.ts';
import {
  type ServiceWorkerEnvironment,
  ServiceWorkerUpdates,
  scheduleServiceWorker,
} from './serviceWorkerUpdates.tsx';

const startServiceWorker = vi.hoisted(() =>
  vi.fn(async (_showToast: (message: ToastMessage) => void): Promise<unknown> => undefined),
);
vi.mock('./serviceWorker.ts', () => ({ startServiceWorker }));

/** An environment whose "loaded and idle" moment the test decides. */
function fakeEnvironment(overrides: Partial<ServiceWorkerEnvironment> = {}) {
  let pending: (() => void) | null = null;
  const environment: ServiceWorkerEnvironment = {
    production: true,
    supported: true,
    afterLoadAndIdle: vi.fn((callback: () => void) => {
      pending = callback;
      return () => {
        pending = null;
      };
    }),
    ...overrides,
  };
  return {
    environment,
    becomeIdle: () => pending?.(),
  };
}

beforeAll(async () => {
  // The toast region is a lazy chunk; compiling it the first time can outlast findBy.
  await import('../ui/ToastRegion.tsx');
});

beforeEach(() => {
  startServiceWorker.mockClear();
});

describe('scheduleServiceWorker', () => {
  it('starts only after the page has loaded and is idle', () => {
    const { environment, becomeIdle } = fakeEnvironment();
    const start = vi.fn();
    scheduleServiceWorker(environment, start);
    expect(start).not.toHaveBeenCalled();
    becomeIdle();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('never starts under vite dev', () => {
    const { environment, becomeIdle } = fakeEnvironment({ production: false });
    const start = vi.fn();
    scheduleServiceWorker(environment, start);
    becomeIdle();
    expect(start).not.toHaveBeenCalled();
    expect(environment.afterLoadAndIdle).not.toHaveBeenCalled();
  });

  it('never starts in a browser without service workers', () => {
    const { environment, becomeIdle } = fakeEnvironment({ supported: false });
    const start = vi.fn();
    scheduleServiceWorker(environment, start);
    becomeIdle();
    expect(start).not.toHaveBeenCalled();
  });

  it('does not start once cancelled (the component unmounted first)', () => {
    const { environment, becomeIdle } = fakeEnvironment();
    const start = vi.fn();
    scheduleServiceWorker(environment, start)();
    becomeIdle();
    expect(start).not.toHaveBeenCalled();
  });
});

describe('ServiceWorkerUpdates', () => {
  it('starts the worker only once the page is idle, with the app’s toasts', async () => {
    const { environment, becomeIdle } = fakeEnvironment();
    render(
      <ToastProvider>
        <ServiceWorkerUpdates environment={environment} />
      </ToastProvider>,
    );
    expect(startServiceWorker).not.toHaveBeenCalled();
    act(() => becomeIdle());
    await vi.waitFor(() => expect(startServiceWorker).toHaveBeenCalledTimes(1));

    // The function it passes shows a toast in this provider.
    const showToast = startServiceWorker.mock.calls[0]?.[0];
    if (!showToast) throw new Error('startServiceWorker got no toast function');
    act(() => showToast({ title: 'Toast from the worker' }));
    expect(await screen.findByText('Toast from the worker')).toBeVisible();
  });

  it('lets a registration chunk that cannot be fetched (offline) go without an error', async () => {
    const { environment, becomeIdle } = fakeEnvironment();
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const loadModule = vi.fn(() =>
        Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      );
      render(
        <ToastProvider>
          <ServiceWorkerUpdates environment={environment} loadModule={loadModule} />
        </ToastProvider>,
      );
      act(() => becomeIdle());
      await vi.waitFor(() => expect(loadModule).toHaveBeenCalledTimes(1));
      // An unhandled rejection is reported after the microtasks that could still handle it.
      await new Promise((settled) => setTimeout(settled, 0));
      expect(unhandled).not.toHaveBeenCalled();
      expect(startServiceWorker).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
