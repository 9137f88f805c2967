import { render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/client.ts';
import { testClientConfig } from '../test/fixtures.ts';
import {
  BootErrorScreen,
  ClientConfigProvider,
  embeddedClientConfig,
  fetchClientConfig,
  useClientConfig,
} from './clientConfig.tsx';

function clientAnswering(response: () => Response) {
  return createApiClient({
    origin: 'http://famjam.test',
    getIdToken: async () => null,
    fetch: async () => response(),
  });
}

function pageWithConfigBlock(text: string | null): Document {
  const page = document.implementation.createHTMLDocument('FamJam');
  if (text !== null) {
    const block = page.createElement('script');
    block.type = 'application/json';
    block.id = 'famjam-config';
    block.textContent = text;
    page.head.append(block);
  }
  return page;
}

describe('the configuration written into the page', () => {
  it('is read from its JSON block', () => {
    const page = pageWithConfigBlock(JSON.stringify(testClientConfig));
    expect(embeddedClientConfig(page)).toEqual(testClientConfig);
  });

  it('is null without a block (a page from the service worker), or with one that does not check out', () => {
    expect(embeddedClientConfig(pageWithConfigBlock(null))).toBeNull();
    expect(embeddedClientConfig(pageWithConfigBlock('{"firebase":'))).toBeNull();
    expect(embeddedClientConfig(pageWithConfigBlock('{"firebase":{}}'))).toBeNull();
  });
});

describe('client config', () => {
  it('fetches /api/config', async () => {
    await expect(
      fetchClientConfig(clientAnswering(() => Response.json(testClientConfig))),
    ).resolves.toEqual(testClientConfig);
  });

  it('rejects an answer that is not a configuration', async () => {
    const htmlPage = () =>
      new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } });
    await expect(fetchClientConfig(clientAnswering(htmlPage))).rejects.toThrow();
    await expect(
      fetchClientConfig(clientAnswering(() => Response.json({ firebase: {} }))),
    ).rejects.toThrow('The server sent an unexpected configuration.');
  });

  it('takes the ad slot ids, and rejects ads of the wrong shape (a slot would break on them)', async () => {
    const ads = { client: 'ca-pub-1234567890123456', homeSlot: '1234567890' };
    await expect(
      fetchClientConfig(clientAnswering(() => Response.json({ ...testClientConfig, ads }))),
    ).resolves.toEqual({ ...testClientConfig, ads });
    for (const wrong of [undefined, {}, { client: 'ca-pub-1234567890123456' }, 'yes']) {
      await expect(
        fetchClientConfig(
          clientAnswering(() => Response.json({ ...testClientConfig, ads: wrong })),
        ),
      ).rejects.toThrow('The server sent an unexpected configuration.');
    }
  });

  it('is provided to the app and throws outside its provider', () => {
    const { result } = renderHook(() => useClientConfig(), {
      wrapper: ({ children }) => (
        <ClientConfigProvider config={testClientConfig}>{children}</ClientConfigProvider>
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
