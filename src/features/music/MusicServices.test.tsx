import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientConfig } from '../../../contract/config.ts';
import {
  APPLE_MUSIC_AUTHORIZATION_FAILED,
  APPLE_MUSIC_FAILURE_MESSAGE,
  MUSICKIT_BUILD,
  SPOTIFY_AUTH_ERROR,
  SPOTIFY_FAILURE_MESSAGE,
  SPOTIFY_PROFILE_FAILED,
} from '../../../contract/music.ts';
import { ClientConfigProvider } from '../../app/clientConfig.tsx';
import { testClientConfig } from '../../test/fixtures.ts';
import { renderWithRouter } from '../../ui/test-utils.tsx';
import { resetMusicKitLoader } from './appleMusic.ts';
import { type MusicConnection, MusicServices } from './MusicServices.tsx';
import { centeredPopupFeatures } from './spotifyEffects.ts';

const state = 'state-0123456789abcdef';
const configured: ClientConfig = {
  ...testClientConfig,
  music: { spotify: true, appleMusic: { scriptUrl: 'https://music.test/musickit.js' } },
};
/** Answers of the fake API by path; a path not listed answers 404. */
let answers: Record<string, () => Response>;
let seen: { path: string; body: unknown }[];

beforeEach(() => {
  seen = [];
  answers = {
    '/api/spotify/auth-url': () =>
      Response.json({ authUrl: 'https://accounts.spotify.test/authorize', state }),
    '/api/spotify/user-profile': () => Response.json({ id: 'x', display_name: null }),
    '/api/spotify/top-artists': () => Response.json([]),
    '/api/apple-music/developer-token': () =>
      Response.json({ token: 'dev-token', expiresAt: '2026-12-01T00:00:00.000Z' }),
    '/api/apple-music/user-profile': () =>
      Response.json([
        { id: 'r1', name: 'Quiet Harbour', genres: [] },
        { id: 'r2', name: 'Little Hummers', genres: [] },
      ]),
  };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const { pathname } = new URL(request.url);
    seen.push({ path: pathname, body: request.method === 'GET' ? null : await request.json() });
    const answer = answers[pathname];
    return answer
      ? answer()
      : Response.json({ error: 'nf', message: 'Not found' }, { status: 404 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  delete window.MusicKit;
  resetMusicKitLoader();
});

async function renderServices(config: ClientConfig = configured) {
  const onConnected = vi.fn<(connection: MusicConnection) => void>();
  await renderWithRouter(
    <ClientConfigProvider config={config}>
      <MusicServices connections={{}} onConnected={onConnected} />
    </ClientConfigProvider>,
  );
  return { onConnected };
}

function fakePopup(popup: { closed: boolean; close: () => void } | null) {
  return vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window | null);
}

function postFromCallback(data: unknown) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { origin: window.location.origin, data }));
  });
}

describe('Spotify', () => {
  it('a popup closed by the user is a calm status, not an error', async () => {
    const popup = { closed: false, close: vi.fn() };
    fakePopup(popup);
    const user = userEvent.setup();
    await renderServices();
    await user.click(screen.getByRole('button', { name: 'Connect Spotify' }));
    expect(await screen.findByText('Finish connecting in the Spotify window.')).toBeVisible();
    popup.closed = true;
    expect(await screen.findByText('Spotify connection cancelled')).toBeVisible();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('a blocked popup says how to allow it', async () => {
    fakePopup(null);
    const user = userEvent.setup();
    await renderServices();
    await user.click(screen.getByRole('button', { name: 'Connect Spotify' }));
    expect(
      await screen.findByText(
        'Your browser blocked the Spotify window. Allow pop-ups for this site, then try again.',
      ),
    ).toBeVisible();
  });

  it("the popup's error shows docs/product.md#spec-8's text and logs the error itself", async () => {
    fakePopup({ closed: false, close: vi.fn() });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await renderServices();
    await user.click(screen.getByRole('button', { name: 'Connect Spotify' }));
    await screen.findByText('Finish connecting in the Spotify window.');
    // Another attempt's message is ignored.
    postFromCallback({ type: SPOTIFY_AUTH_ERROR, state: 'another-state-0123', error: 'x' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    postFromCallback({ type: SPOTIFY_AUTH_ERROR, state, error: 'access_denied' });
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(SPOTIFY_FAILURE_MESSAGE);
    expect(logged).toHaveBeenCalledWith('Spotify connection failed: access_denied');
  });

  it("a failed profile call is 'Failed to fetch Spotify user profile' in the console, never the token", async () => {
    fakePopup({ closed: false, close: vi.fn() });
    answers['/api/spotify/user-profile'] = () => new Response('upstream', { status: 502 });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await renderServices();
    await user.click(screen.getByRole('button', { name: 'Connect Spotify' }));
    await screen.findByText('Finish connecting in the Spotify window.');
    const tokens = {
      access_token: 'secret-access',
      token_type: 'Bearer',
      expires_in: 1,
      scope: '',
    };
    postFromCallback({ type: 'SPOTIFY_AUTH_SUCCESS', state, tokens });
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(SPOTIFY_FAILURE_MESSAGE);
    expect(logged).toHaveBeenCalledWith(
      `Spotify connection failed: ${SPOTIFY_PROFILE_FAILED}: 502: upstream`,
    );
    expect(JSON.stringify(logged.mock.calls)).not.toContain('secret-access');
    expect(seen.find(({ path }) => path === '/api/spotify/user-profile')?.body).toEqual({
      accessToken: 'secret-access',
    });
  });

  it('centres the 500×600 popup on the window', () => {
    expect(centeredPopupFeatures({ left: 100, top: 50, width: 1300, height: 900 })).toBe(
      'width=500,height=600,left=500,top=200',
    );
    expect(centeredPopupFeatures({ left: 0, top: 0, width: 390, height: 844 })).toBe(
      'width=500,height=600,left=0,top=122',
    );
  });
});

describe('Apple Music', () => {
  function fakeMusicKit(authorize: () => Promise<string>) {
    const configure = vi.fn(async () => ({ authorize }));
    window.MusicKit = { configure };
    return configure;
  }

  it('loads nothing until the tap, then shows the library count', async () => {
    const user = userEvent.setup();
    const { onConnected } = await renderServices();
    expect(document.querySelector('script[src="https://music.test/musickit.js"]')).toBeNull();
    const configure = fakeMusicKit(async () => 'music-user-token');
    await user.click(screen.getByRole('button', { name: 'Connect Apple Music' }));
    await waitFor(() => expect(onConnected).toHaveBeenCalledOnce());
    expect(onConnected.mock.calls[0]?.[0]).toMatchObject({
      service: 'appleMusic',
      summary: '2 artists in your library',
      artistNames: ['Quiet Harbour', 'Little Hummers'],
    });
    expect(configure).toHaveBeenCalledWith({
      developerToken: 'dev-token',
      app: { name: 'FamJam', build: MUSICKIT_BUILD },
    });
    expect(seen.find(({ path }) => path === '/api/apple-music/user-profile')?.body).toEqual({
      userToken: 'music-user-token',
    });
  });

  it('adds the MusicKit script from the configured URL on the tap', async () => {
    const user = userEvent.setup();
    await renderServices();
    await user.click(screen.getByRole('button', { name: 'Connect Apple Music' }));
    const script = await waitFor(() => {
      const found = document.querySelector<HTMLScriptElement>(
        'script[src="https://music.test/musickit.js"]',
      );
      if (found === null) throw new Error('no script yet');
      return found;
    });
    fakeMusicKit(async () => 'music-user-token');
    act(() => {
      document.dispatchEvent(new Event('musickitloaded'));
    });
    await waitFor(() =>
      expect(seen.map(({ path }) => path)).toContain('/api/apple-music/user-profile'),
    );
    script.remove();
  });

  it("a refused authorization shows docs/product.md#spec-8's text and logs 'Apple Music authorization failed'", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeMusicKit(async () => {
      throw new Error('AUTHORIZATION_ERROR: Unauthorized');
    });
    const user = userEvent.setup();
    const { onConnected } = await renderServices();
    await user.click(screen.getByRole('button', { name: 'Connect Apple Music' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(APPLE_MUSIC_FAILURE_MESSAGE);
    expect(logged).toHaveBeenCalledWith(
      `Apple Music connection failed: ${APPLE_MUSIC_AUTHORIZATION_FAILED}: AUTHORIZATION_ERROR: Unauthorized`,
    );
    expect(onConnected).not.toHaveBeenCalled();
  });

  it('says "1 artist" for one', async () => {
    answers['/api/apple-music/user-profile'] = () =>
      Response.json([{ id: 'r1', name: 'Quiet Harbour', genres: [] }]);
    fakeMusicKit(async () => 'music-user-token');
    const user = userEvent.setup();
    const { onConnected } = await renderServices();
    await user.click(screen.getByRole('button', { name: 'Connect Apple Music' }));
    await waitFor(() =>
      expect(onConnected.mock.calls[0]?.[0].summary).toBe('1 artist in your library'),
    );
  });
});
