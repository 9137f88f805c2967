import { render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ClientConfig } from '../../contract/config.ts';
import { createApiClient } from '../api/client.ts';
import {
  BootErrorScreen,
  ClientConfigProvider,
  fetchClientConfig,
  useClientConfig,
} from './clientConfig.tsx';

const config: ClientConfig = {
  firebase: {
    apiKey: 'fake-key',
    authDomain: 'demo-famjam.firebaseapp.com',
    projectId: 'demo-famjam',
  },
  authEmulatorUrl: 'http://127.0.0.1:9099',
  legal: { company: 'FamJam Inc.', supportEmail: 'support@famjam.test' },
};

function clientAnswering(response: () => Response) {
  return createApiClient({
    origin: 'http://famjam.test',
    getIdToken: async () => null,
    fetch: async () => response(),
  });
}

describe('client config', () => {
  it('fetches /api/config', async () => {
    await expect(fetchClientConfig(clientAnswering(() => Response.json(config)))).resolves.toEqual(
      config,
    );
  });

  it('rejects an answer that is not a configuration', async () => {
    const htmlPage = () =>
      new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } });
    await expect(fetchClientConfig(clientAnswering(htmlPage))).rejects.toThrow();
    await expect(
      fetchClientConfig(clientAnswering(() => Response.json({ firebase: {} }))),
    ).rejects.toThrow('The server sent an unexpected configuration.');
  });

  it('is provided to the app and throws outside its provider', () => {
    const { result } = renderHook(() => useClientConfig(), {
      wrapper: ({ children }) => (
        <ClientConfigProvider config={config}>{children}</ClientConfigProvider>
      ),
    });
    expect(result.current.legal.supportEmail).toBe('support@famjam.test');

    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useClientConfig())).toThrow(
      'useClientConfig must be used within a ClientConfigProvider',
    );
  });

  it('shows a readable error with Retry when the server cannot be reached', async () => {
    const onRetry = vi.fn(async () => undefined);
    render(<BootErrorScreen detail="Details: Failed to fetch" onRetry={onRetry} />);

    expect(screen.getByRole('heading', { name: "FamJam can't reach its server" })).toBeVisible();
    expect(screen.getByText('Details: Failed to fetch')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
