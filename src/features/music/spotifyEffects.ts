import { fromPromise } from 'xstate';
import {
  MUSIC_POPUP_HEIGHT,
  MUSIC_POPUP_WIDTH,
  SPOTIFY_PROFILE_FAILED,
  SPOTIFY_TOP_ARTISTS_FAILED,
  type SpotifyAuthUrl,
} from '../../../contract/music.ts';
import type { MusicPopupEvent, PopupInput, SpotifyTaste } from '../../../machines/musicPopup.ts';
import { getSpotifyAuthUrl, getSpotifyProfile, getSpotifyTopArtists } from './musicApi.ts';

/** How often the opener looks whether the user closed the popup (no event says so). */
const POPUP_CLOSED_POLL_MS = 500;
const SPOTIFY_POPUP_NAME = 'famjam-spotify';

/** docs/product.md#spec-7: 500×600, centred on the app's window. */
export function centeredPopupFeatures(
  screen: { left: number; top: number; width: number; height: number },
  width = MUSIC_POPUP_WIDTH,
  height = MUSIC_POPUP_HEIGHT,
): string {
  const left = Math.max(0, Math.round(screen.left + (screen.width - width) / 2));
  const top = Math.max(0, Math.round(screen.top + (screen.height - height) / 2));
  return `width=${width},height=${height},left=${left},top=${top}`;
}

interface PopupWindowApi {
  open(url: string, name: string, features: string): Pick<Window, 'closed' | 'close'> | null;
  addMessageListener(listener: (event: MessageEvent) => void): () => void;
  frame: { left: number; top: number; width: number; height: number };
}

function browserWindow(): PopupWindowApi {
  return {
    open: (url, name, features) => window.open(url, name, features),
    addMessageListener: (listener) => {
      window.addEventListener('message', listener);
      return () => window.removeEventListener('message', listener);
    },
    frame: {
      left: window.screenX,
      top: window.screenY,
      width: window.outerWidth,
      height: window.outerHeight,
    },
  };
}

/**
 * The chart's `openPopup` and `closePopup` actions: opens the provider's page, hands every window
 * message to the chart (which checks origin and state) and reports the popup closing, until
 * the chart leaves `authorizing` (then the listener goes and a popup still open is closed).
 */
export function spotifyPopupActions(getWindow: () => PopupWindowApi = browserWindow) {
  let stop: (() => void) | null = null;
  return {
    openPopup: (
      { self }: { self: { send: (event: MusicPopupEvent) => void } },
      { authUrl }: PopupInput,
    ) => {
      const win = getWindow();
      const popup = win.open(authUrl, SPOTIFY_POPUP_NAME, centeredPopupFeatures(win.frame));
      if (popup === null) {
        self.send({ type: 'popup.blocked' });
        return;
      }
      const removeListener = win.addMessageListener((event) =>
        self.send({ type: 'popup.message', origin: event.origin, data: event.data }),
      );
      // The callback page posts its message and closes at once: the opener may see the window
      // closed before that message's task has run. So "closed" is reported one poll later, by
      // when a message posted before the close has been delivered.
      let seenClosed = false;
      const poll = setInterval(() => {
        if (!popup.closed) return;
        if (seenClosed) self.send({ type: 'popup.closed' });
        seenClosed = true;
      }, POPUP_CLOSED_POLL_MS);
      stop = () => {
        clearInterval(poll);
        removeListener();
        if (!popup.closed) popup.close();
      };
    },
    closePopup: () => {
      stop?.();
      stop = null;
    },
  };
}

/** Rethrows `error` as docs/product.md#spec-8's internal text, keeping the API's "{status}: {body}" as cause. */
async function withInternalError<T>(message: string, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw new Error(message, { cause: error });
  }
}

/** The chart's `fetchTaste`: the display name and the top artists, with one access token. */
export const fetchSpotifyTaste = fromPromise<SpotifyTaste, { accessToken: string }>(
  async ({ input }) => {
    const [profile, artists] = await Promise.all([
      withInternalError(SPOTIFY_PROFILE_FAILED, getSpotifyProfile(input.accessToken)),
      withInternalError(SPOTIFY_TOP_ARTISTS_FAILED, getSpotifyTopArtists(input.accessToken)),
    ]);
    return { displayName: profile.display_name, artists };
  },
);

/** The chart's `fetchAuthUrl`. */
export const fetchSpotifyAuthUrl = fromPromise<SpotifyAuthUrl, void>(() => getSpotifyAuthUrl());
