import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type MusicPopupMessage,
  SPOTIFY_AUTH_ERROR,
  SPOTIFY_AUTH_SUCCESS,
  SPOTIFY_EXCHANGE_FAILED,
  type SpotifyTokens,
} from '../../../contract/music.ts';
import { changeLocale } from '../../i18n/i18n.ts';
import { signedInAuth, testAuth } from '../../test/testAuth.ts';
import { MusicCallbackScreen, musicServiceName } from './MusicCallbackScreen.tsx';
import { completeSpotifyCallback, type SpotifyCallbackEffects } from './spotifyCallback.ts';

vi.mock('../../app/auth.tsx', async () => ({
  useAuth: (await import('../../test/testAuth.ts')).useTestAuth,
}));

const origin = 'https://famjam.test';
const state = 'state-0123456789abcdef';
const tokens: SpotifyTokens = {
  access_token: 'access-1',
  token_type: 'Bearer',
  expires_in: 3600,
  scope: 'user-top-read',
};

function fakeEffects(exchange: SpotifyCallbackEffects['exchange'] = async () => tokens) {
  const postMessage = vi.fn((_message: MusicPopupMessage, _targetOrigin: string) => undefined);
  const effects = {
    opener: { postMessage },
    origin,
    exchange: vi.fn(exchange),
    close: vi.fn(),
  };
  return { effects, postMessage };
}

beforeEach(() => {
  testAuth.current = signedInAuth();
});
afterEach(() => {
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

describe('completeSpotifyCallback', () => {
  it('exchanges the code and posts the tokens to the opener on our origin only, then closes', async () => {
    const { effects, postMessage } = fakeEffects();
    await expect(completeSpotifyCallback(`?code=c0de&state=${state}`, effects)).resolves.toBe(true);
    expect(effects.exchange).toHaveBeenCalledWith('c0de', state);
    expect(postMessage).toHaveBeenCalledWith({ type: SPOTIFY_AUTH_SUCCESS, state, tokens }, origin);
    expect(effects.close).toHaveBeenCalledOnce();
  });

  it("passes Spotify's own error to the opener without exchanging anything", async () => {
    const { effects, postMessage } = fakeEffects();
    await completeSpotifyCallback(`?error=access_denied&state=${state}`, effects);
    expect(effects.exchange).not.toHaveBeenCalled();
    expect(postMessage).toHaveBeenCalledWith(
      { type: SPOTIFY_AUTH_ERROR, state, error: 'access_denied' },
      origin,
    );
    expect(effects.close).toHaveBeenCalledOnce();
  });

  it("posts 'Failed to exchange Spotify code' when the exchange fails, logging only the API's text", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { effects, postMessage } = fakeEffects(async () => {
      throw new Error('400: {"error":"invalid_grant","message":"The code was refused"}');
    });
    await completeSpotifyCallback(`?code=c0de&state=${state}`, effects);
    expect(postMessage).toHaveBeenCalledWith(
      { type: SPOTIFY_AUTH_ERROR, state, error: SPOTIFY_EXCHANGE_FAILED },
      origin,
    );
    expect(logged).toHaveBeenCalledWith(
      `${SPOTIFY_EXCHANGE_FAILED}:`,
      '400: {"error":"invalid_grant","message":"The code was refused"}',
    );
    expect(JSON.stringify(logged.mock.calls)).not.toContain('c0de');
  });

  it('reports a return without a code as an error', async () => {
    const { effects, postMessage } = fakeEffects();
    await completeSpotifyCallback('', effects);
    expect(postMessage).toHaveBeenCalledWith(
      { type: SPOTIFY_AUTH_ERROR, state: null, error: 'Spotify returned no authorization code' },
      origin,
    );
  });

  it('does nothing without an opener', async () => {
    const { effects } = fakeEffects();
    await expect(
      completeSpotifyCallback(`?code=c0de&state=${state}`, { ...effects, opener: null }),
    ).resolves.toBe(false);
    expect(effects.exchange).not.toHaveBeenCalled();
    expect(effects.close).not.toHaveBeenCalled();
  });
});

describe('MusicCallbackScreen', () => {
  it('says which service it is connecting to', () => {
    render(<MusicCallbackScreen service="apple-music" />);
    expect(screen.getByRole('heading', { name: 'Connecting to Apple Music...' })).toBeVisible();
    expect(screen.getByText('Please wait while we complete the connection.')).toBeVisible();
  });

  it('waits for the session before exchanging, then reports to the opener', async () => {
    window.history.replaceState(null, '', `/auth/spotify/callback?code=c0de&state=${state}`);
    const { effects, postMessage } = fakeEffects();
    testAuth.current = signedInAuth({ loading: true });
    const { rerender } = render(<MusicCallbackScreen service="spotify" effects={() => effects} />);
    expect(screen.getByRole('heading', { name: 'Connecting to Spotify...' })).toBeVisible();
    expect(effects.exchange).not.toHaveBeenCalled();

    testAuth.current = signedInAuth();
    rerender(<MusicCallbackScreen service="spotify" effects={() => effects} />);
    await waitFor(() => expect(effects.close).toHaveBeenCalledOnce());
    expect(postMessage).toHaveBeenCalledOnce();
  });

  it('opened directly, says so instead of spinning forever', async () => {
    window.history.replaceState(null, '', `/auth/spotify/callback?code=c0de&state=${state}`);
    const { effects } = fakeEffects();
    render(
      <MusicCallbackScreen service="spotify" effects={() => ({ ...effects, opener: null })} />,
    );
    expect(
      await screen.findByRole('heading', { name: "This window isn't connected to FamJam" }),
    ).toBeVisible();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('names the services from the path readably', () => {
    expect(musicServiceName('apple-music')).toBe('Apple Music');
    expect(musicServiceName('SPOTIFY')).toBe('Spotify');
    expect(musicServiceName('deezer_music')).toBe('Deezer Music');
  });
});

describe('MusicCallbackScreen in Spanish', () => {
  beforeEach(async () => {
    await act(() => changeLocale('es'));
  });
  afterEach(async () => {
    await changeLocale('en');
  });

  it('says in Spanish which service it is connecting to', () => {
    render(<MusicCallbackScreen service="apple-music" />);
    expect(screen.getByRole('heading', { name: 'Conectando con Apple Music...' })).toBeVisible();
    expect(screen.getByText('Espera mientras terminamos la conexión.')).toBeVisible();
  });

  it('opened directly, says so in Spanish', async () => {
    window.history.replaceState(null, '', `/auth/spotify/callback?code=c0de&state=${state}`);
    const { effects } = fakeEffects();
    render(
      <MusicCallbackScreen service="spotify" effects={() => ({ ...effects, opener: null })} />,
    );
    expect(
      await screen.findByRole('heading', { name: 'Esta ventana no está conectada a FamJam' }),
    ).toBeVisible();
    expect(screen.getByText(/una conexión con Spotify/)).toBeVisible();
    expect(document.body.textContent).not.toMatch(/\bauth\.[a-z]+\.[a-zA-Z]/);
  });
});
