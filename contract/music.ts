import { type Static, Type } from '@sinclair/typebox';

/*
 * The music-service connections of onboarding's Music step (docs/product.md sections 2 "Music callback
 * page", 4 "Music-service popup", 7 "Music popups", 8 "Music services").
 *
 * Spotify: authorization code with PKCE. The server makes the URL (state + code challenge) and
 * keeps the verifier and the client secret; the popup returns to /auth/spotify/callback, whose
 * page exchanges the code through the server and posts one of the two messages below to its
 * opener. The tokens are used for the profile and the top artists, then dropped.
 *
 * Apple Music: MusicKit JS in the page, configured with a developer token the server signs
 * (ES256); the user's music user token goes back to the server, which reads the library artists.
 */

/** The popup window's size (docs/product.md#spec-7). */
export const MUSIC_POPUP_WIDTH = 500;
export const MUSIC_POPUP_HEIGHT = 600;

/** The path the Spotify popup returns to, relative to the app's origin. */
export const SPOTIFY_CALLBACK_PATH = '/auth/spotify/callback';

/** MusicKit's configured build label (docs/product.md#spec-7). */
export const MUSICKIT_BUILD = '1.0.0';

/** docs/product.md#spec-8, shown to the user. */
export const SPOTIFY_FAILURE_MESSAGE =
  'Unable to connect to Spotify. Please check the console for details.';
export const APPLE_MUSIC_FAILURE_MESSAGE =
  'Unable to connect to Apple Music. Please make sure you have an active Apple Music subscription and try again.';
/** docs/product.md#spec-8's internal errors (thrown, logged; the user sees the failure message above). */
export const SPOTIFY_EXCHANGE_FAILED = 'Failed to exchange Spotify code';
export const SPOTIFY_PROFILE_FAILED = 'Failed to fetch Spotify user profile';
export const SPOTIFY_TOP_ARTISTS_FAILED = 'Failed to fetch Spotify top artists';
export const APPLE_MUSIC_AUTHORIZATION_FAILED = 'Apple Music authorization failed';
export const APPLE_MUSIC_PROFILE_FAILED = 'Failed to fetch user music profile';
/** docs/product.md#spec-7: the popup closed by the user. */
export const MUSIC_POPUP_CANCELLED = 'Authentication cancelled';

/** The OAuth `state`: random, base64url, one use. */
const oauthState = Type.String({ minLength: 16, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' });

/** `GET /api/spotify/auth-url`. `state` is also inside `authUrl`; the opener checks it. */
export const SpotifyAuthUrl = Type.Object({
  authUrl: Type.String({ format: 'uri' }),
  state: oauthState,
});
export type SpotifyAuthUrl = Static<typeof SpotifyAuthUrl>;

/** `POST /api/spotify/exchange-code`: the code and state the provider returned to the popup. */
export const SpotifyExchangeCodeBody = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 2048 }),
    state: oauthState,
  },
  { additionalProperties: false },
);
export type SpotifyExchangeCodeBody = Static<typeof SpotifyExchangeCodeBody>;

/**
 * What the exchange hands to the popup, and the popup to its opener. No refresh token: FamJam
 * reads the taste once, so nothing longer-lived than this access token ever reaches the browser.
 */
export const SpotifyTokens = Type.Object({
  access_token: Type.String({ minLength: 1 }),
  token_type: Type.String(),
  expires_in: Type.Integer({ minimum: 0 }),
  scope: Type.String(),
});
export type SpotifyTokens = Static<typeof SpotifyTokens>;

/**
 * A provider token as it is passed on in an HTTP header: visible ASCII only. Spotify's and
 * Apple's tokens are base64-like; anything else (a non-Latin-1 character, a space, a line break)
 * cannot be a header value, and is the caller's mistake, not the provider's.
 */
const providerToken = Type.String({
  minLength: 1,
  maxLength: 4096,
  pattern: '^[!-~]+$',
  description: 'Visible ASCII characters only',
});

/** `POST /api/spotify/user-profile` and `/top-artists`. */
export const SpotifyAccessTokenBody = Type.Object(
  { accessToken: providerToken },
  { additionalProperties: false },
);
export type SpotifyAccessTokenBody = Static<typeof SpotifyAccessTokenBody>;

export const SpotifyUserProfile = Type.Object({
  id: Type.String(),
  display_name: Type.Union([Type.String(), Type.Null()]),
});
export type SpotifyUserProfile = Static<typeof SpotifyUserProfile>;

/** An artist as both services give it to the app: name and (Spotify only) genres. */
export const MusicArtist = Type.Object({
  id: Type.String(),
  name: Type.String(),
  genres: Type.Array(Type.String()),
});
export type MusicArtist = Static<typeof MusicArtist>;

/** `POST /api/spotify/top-artists` (docs/product.md#spec-7: a list). */
export const SpotifyTopArtists = Type.Array(MusicArtist);
export type SpotifyTopArtists = Static<typeof SpotifyTopArtists>;

/** `GET /api/apple-music/developer-token`. */
export const AppleMusicDeveloperToken = Type.Object({
  token: Type.String({ minLength: 1 }),
  expiresAt: Type.String({ format: 'date-time' }),
});
export type AppleMusicDeveloperToken = Static<typeof AppleMusicDeveloperToken>;

/** `POST /api/apple-music/user-profile`. */
export const AppleMusicUserProfileBody = Type.Object(
  { userToken: providerToken },
  { additionalProperties: false },
);
export type AppleMusicUserProfileBody = Static<typeof AppleMusicUserProfileBody>;

/** docs/product.md#spec-7: a list (the library's artists); its length is shown as the artist count. */
export const AppleMusicUserProfile = Type.Array(MusicArtist);
export type AppleMusicUserProfile = Static<typeof AppleMusicUserProfile>;

/** The messages the callback page posts to its opener (docs/product.md#spec-3-music-auth-popup-result). */
export const SPOTIFY_AUTH_SUCCESS = 'SPOTIFY_AUTH_SUCCESS';
export const SPOTIFY_AUTH_ERROR = 'SPOTIFY_AUTH_ERROR';
export type MusicPopupMessage =
  | { type: typeof SPOTIFY_AUTH_SUCCESS; state: string; tokens: SpotifyTokens }
  | { type: typeof SPOTIFY_AUTH_ERROR; state: string | null; error: string };

/**
 * Part of `GET /api/config`: which services are configured. A service without credentials says
 * so on its button instead of opening a popup that cannot work.
 */
export const MusicServicesConfig = Type.Object({
  spotify: Type.Boolean(),
  /** MusicKit JS's URL when Apple Music is configured, else null. */
  appleMusic: Type.Union([Type.Object({ scriptUrl: Type.String({ format: 'uri' }) }), Type.Null()]),
});
export type MusicServicesConfig = Static<typeof MusicServicesConfig>;
