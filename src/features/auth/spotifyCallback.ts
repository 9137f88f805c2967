import {
  type MusicPopupMessage,
  SPOTIFY_AUTH_ERROR,
  SPOTIFY_AUTH_SUCCESS,
  SPOTIFY_EXCHANGE_FAILED,
  type SpotifyTokens,
} from '../../../contract/music.ts';

export interface SpotifyCallbackEffects {
  /** The window that opened the popup (null when the page was opened directly). */
  opener: { postMessage(message: MusicPopupMessage, targetOrigin: string): void } | null;
  /** The app's own origin: the only one the message may be delivered to. */
  origin: string;
  exchange(code: string, state: string): Promise<SpotifyTokens>;
  close(): void;
}

/**
 * docs/product.md#spec-2-music-callback-page / 4 "Music-service popup": reads what Spotify put in the URL,
 * exchanges the code through the server, posts one MusicPopupMessage to the opener (its origin
 * only) and closes. Spotify's own `error` (access_denied…) or a failed exchange is posted as
 * SPOTIFY_AUTH_ERROR with that error (docs/product.md#spec-8: "Popup errors are passed to the opener as the error
 * value or message"). Returns false, doing nothing, when there is no opener to report to.
 */
export async function completeSpotifyCallback(
  search: string,
  effects: SpotifyCallbackEffects,
): Promise<boolean> {
  const { opener } = effects;
  if (opener === null) return false;
  const params = new URLSearchParams(search);
  const state = params.get('state');
  const code = params.get('code');
  const providerError = params.get('error');

  let message: MusicPopupMessage;
  if (providerError !== null || code === null || state === null) {
    message = {
      type: SPOTIFY_AUTH_ERROR,
      state,
      error: providerError ?? 'Spotify returned no authorization code',
    };
  } else {
    try {
      message = { type: SPOTIFY_AUTH_SUCCESS, state, tokens: await effects.exchange(code, state) };
    } catch (error) {
      // The cause is a "{status}: {body}" text from our own API: no code, no token in it.
      console.error(`${SPOTIFY_EXCHANGE_FAILED}:`, error instanceof Error ? error.message : error);
      message = { type: SPOTIFY_AUTH_ERROR, state, error: SPOTIFY_EXCHANGE_FAILED };
    }
  }
  opener.postMessage(message, effects.origin);
  effects.close();
  return true;
}
