/**
 * The Spotify handshake of onboarding's Music step (docs/product.md#spec-4-music-service-popup, 7 "Music
 * popups", 8 "Music services").
 *
 *   idle / failed / cancelled / blocked / connected --user.connect--> fetchingAuthUrl
 *   fetchingAuthUrl        --fetchAuthUrl done-->  authorizing   (authUrl + state kept)
 *   fetchingAuthUrl        --fetchAuthUrl error--> failed
 *   authorizing (entry `openPopup`: the feature opens it and sends its messages and its closing
 *                here; exit `closePopup`: stops listening, closes a popup still open)
 *     --popup.message [from the app's origin, our state, SPOTIFY_AUTH_SUCCESS]--> fetchingTaste
 *     --popup.message [from the app's origin, our state, SPOTIFY_AUTH_ERROR]-->   failed
 *     --popup.message (another origin, another state, not a popup message)-->    ignored
 *     --popup.closed-->  cancelled   ('Authentication cancelled')
 *     --popup.blocked--> blocked     (the browser refused to open it)
 *   fetchingTaste (profile + top artists) --done--> connected; --error--> failed
 *
 * Decisions where the spec is silent:
 * - The origin and state checks live in the chart (guards), not only in the listener, so the
 *   model test walks "a message from another origin" and "the wrong state" as real transitions.
 * - The access token is never stored in context: `fetchTaste` takes it from the very message
 *   event that entered the state, and nothing else keeps it.
 * - A blocked popup is its own state: nothing failed, the user has to allow popups.
 * - connect again from any end state starts over with a fresh state value.
 *
 * - The popup is opened and watched by entry/exit actions rather than an invoked callback actor:
 *   xstate's fromCallback would join the entry chunk every route loads (xstate lives there).
 *
 * Pure: the feature supplies `fetchAuthUrl` and `fetchTaste` (actors) and `openPopup`,
 * `closePopup` and `reportFailure` (actions) with `musicPopupMachine.provide(...)`; each throws
 * when left out.
 */
import { assign, fromPromise, setup } from 'xstate';
import {
  MUSIC_POPUP_CANCELLED,
  type MusicArtist,
  type MusicPopupMessage,
  SPOTIFY_AUTH_ERROR,
  SPOTIFY_AUTH_SUCCESS,
  type SpotifyAuthUrl,
  type SpotifyTokens,
} from '../contract/music.ts';

/** What the profile and top-artists calls bring back. */
export interface SpotifyTaste {
  displayName: string | null;
  artists: readonly MusicArtist[];
}

export interface MusicPopupContext {
  /** The origin the callback page posts from: the app's own (location.origin). */
  appOrigin: string;
  authUrl: string | null;
  /** The OAuth state of this attempt; a message carrying another one is ignored. */
  state: string | null;
  taste: SpotifyTaste | null;
  /** The internal error of the last failure (docs/product.md#spec-8), for the console; never a token. */
  error: string | null;
}

export type MusicPopupEvent =
  /** 'Connect Spotify'. */
  | { type: 'user.connect' }
  /** A `message` event that reached the opener window (any origin, any data). */
  | { type: 'popup.message'; origin: string; data: unknown }
  /** The popup window was closed before it reported. */
  | { type: 'popup.closed' }
  /** window.open returned null. */
  | { type: 'popup.blocked' };

export interface PopupInput {
  authUrl: string;
}

/** `data` when it is one of the callback page's two messages, else null. */
export function readPopupMessage(data: unknown): MusicPopupMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.type === SPOTIFY_AUTH_SUCCESS) {
    const tokens = message.tokens as Record<string, unknown> | null | undefined;
    if (typeof message.state !== 'string' || typeof tokens?.access_token !== 'string') return null;
    return { type: SPOTIFY_AUTH_SUCCESS, state: message.state, tokens: tokens as SpotifyTokens };
  }
  if (message.type === SPOTIFY_AUTH_ERROR) {
    if (typeof message.error !== 'string') return null;
    return {
      type: SPOTIFY_AUTH_ERROR,
      state: typeof message.state === 'string' ? message.state : null,
      error: message.error,
    };
  }
  return null;
}

/** The popup message of `event` when it comes from the app's origin and carries our state. */
function ourMessage(context: MusicPopupContext, event: MusicPopupEvent): MusicPopupMessage | null {
  if (event.type !== 'popup.message' || event.origin !== context.appOrigin) return null;
  const message = readPopupMessage(event.data);
  return message !== null && message.state === context.state ? message : null;
}

/**
 * An error as one line for the console: docs/product.md#spec-8's internal text and, after a colon, what caused it
 * (the API's "{status}: {body}"), e.g. 'Failed to fetch Spotify user profile: 502: …'.
 */
export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}

/** Every end state starts a new attempt on 'Connect Spotify'. */
const startAttempt = { target: 'fetchingAuthUrl', actions: 'startAttempt' } as const;

export const musicPopupMachine = setup({
  // Stryker disable next-line ObjectLiteral: types exist only for TypeScript; nothing reads them.
  types: {
    context: {} as MusicPopupContext,
    events: {} as MusicPopupEvent,
    input: {} as { appOrigin: string },
  },
  actors: {
    /** GET /api/spotify/auth-url. */
    fetchAuthUrl: fromPromise<SpotifyAuthUrl, void>(async () => {
      throw new Error('fetchAuthUrl must be provided by the feature');
    }),
    /** POST /api/spotify/user-profile and /top-artists with the access token. */
    fetchTaste: fromPromise<SpotifyTaste, { accessToken: string }>(async () => {
      throw new Error('fetchTaste must be provided by the feature');
    }),
  },
  actions: {
    /**
     * Opens the popup at `authUrl`; from then on the feature sends every window `message` as
     * popup.message, popup.closed when the user closes it, popup.blocked when it could not open.
     */
    openPopup: (_, _params: PopupInput) => {
      throw new Error('openPopup must be provided by the feature');
    },
    /** Stops listening and closes the popup if it is still open. */
    closePopup: () => {
      throw new Error('closePopup must be provided by the feature');
    },
    reportFailure: (_, _params: { error: string }) => {
      throw new Error('reportFailure must be provided by the feature');
    },
    startAttempt: assign({ authUrl: null, state: null, taste: null, error: null }),
    rememberAuthUrl: assign((_, params: SpotifyAuthUrl) => ({
      authUrl: params.authUrl,
      state: params.state,
    })),
    rememberTaste: assign((_, params: { taste: SpotifyTaste }) => ({ taste: params.taste })),
    rememberError: assign((_, params: { error: string }) => ({ error: params.error })),
    forgetAttempt: assign({ authUrl: null, state: null }),
  },
  guards: {
    isOurSuccess: ({ context, event }) => ourMessage(context, event)?.type === SPOTIFY_AUTH_SUCCESS,
    isOurError: ({ context, event }) => ourMessage(context, event)?.type === SPOTIFY_AUTH_ERROR,
  },
}).createMachine({
  id: 'musicPopup',
  initial: 'idle',
  context: ({ input }) => ({
    appOrigin: input.appOrigin,
    authUrl: null,
    state: null,
    taste: null,
    error: null,
  }),
  states: {
    idle: { on: { 'user.connect': startAttempt } },
    // A tap while an attempt runs is not an event here: one popup at a time.
    fetchingAuthUrl: {
      invoke: {
        src: 'fetchAuthUrl',
        onDone: {
          target: 'authorizing',
          actions: { type: 'rememberAuthUrl', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'rememberError',
            params: ({ event }) => ({ error: errorText(event.error) }),
          },
        },
      },
    },
    authorizing: {
      on: {
        'popup.message': [
          { guard: 'isOurSuccess', target: 'fetchingTaste' },
          {
            guard: 'isOurError',
            target: 'failed',
            actions: {
              type: 'rememberError',
              params: ({ context, event }) => {
                const message = ourMessage(context, event);
                // Stryker disable next-line OptionalChaining,StringLiteral: the isOurError guard has just read the same message.
                return { error: message?.type === SPOTIFY_AUTH_ERROR ? message.error : '' };
              },
            },
          },
          // Another origin, another attempt's state, or not a popup message: ignored.
        ],
        'popup.closed': {
          target: 'cancelled',
          actions: { type: 'rememberError', params: { error: MUSIC_POPUP_CANCELLED } },
        },
        'popup.blocked': { target: 'blocked' },
      },
      entry: {
        type: 'openPopup',
        params: ({ context }) => {
          // Stryker disable next-line StringLiteral: authorizing is entered only with the auth URL just remembered.
          if (context.authUrl === null) throw new Error('authorizing always has an auth URL');
          return { authUrl: context.authUrl };
        },
      },
      exit: 'closePopup',
    },
    fetchingTaste: {
      invoke: {
        src: 'fetchTaste',
        // Straight from the message that entered this state: the token is kept nowhere else.
        input: ({ context, event }) => {
          const message = ourMessage(context, event);
          // Stryker disable next-line OptionalChaining,StringLiteral: fetchingTaste is entered only by isOurSuccess's message.
          if (message?.type !== SPOTIFY_AUTH_SUCCESS) throw new Error('entered without tokens');
          return { accessToken: message.tokens.access_token };
        },
        onDone: {
          target: 'connected',
          actions: { type: 'rememberTaste', params: ({ event }) => ({ taste: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'rememberError',
            params: ({ event }) => ({ error: errorText(event.error) }),
          },
        },
      },
    },
    connected: { entry: 'forgetAttempt', on: { 'user.connect': startAttempt } },
    failed: {
      on: { 'user.connect': startAttempt },
      entry: [
        'forgetAttempt',
        // Stryker disable next-line StringLiteral: every way into failed remembers an error first.
        { type: 'reportFailure', params: ({ context }) => ({ error: context.error ?? '' }) },
      ],
    },
    cancelled: { entry: 'forgetAttempt', on: { 'user.connect': startAttempt } },
    blocked: { entry: 'forgetAttempt', on: { 'user.connect': startAttempt } },
  },
});
