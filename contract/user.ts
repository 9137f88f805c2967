import { type Static, Type } from '@sinclair/typebox';
import type { AppLocale } from './locales.ts';

/** How many artists a profile keeps, and how long a name may be. */
export const MAX_MUSIC_ARTISTS = 50;
export const MUSIC_ARTIST_MAX_LENGTH = 120;

/** A language FamJam speaks (contract/locales.ts appLocales, which the check below keeps in step). */
const Language = Type.Union([Type.Literal('en'), Type.Literal('es')]);
const languageMatchesLocales: [Static<typeof Language>, AppLocale] extends [
  AppLocale,
  Static<typeof Language>,
]
  ? true
  : never = true;
void languageMatchesLocales;

/** Body of `POST /api/users` (docs/product.md#spec-7). familySituation is the comma-joined group ids. */
export const CreateUserBody = Type.Object(
  {
    email: Type.String({ format: 'email', minLength: 3, maxLength: 254 }),
    // At least one non-space character: '   ' would be stored as an empty name after trimming.
    name: Type.String({ minLength: 1, maxLength: 120, pattern: '\\S' }),
    familySituation: Type.String({ maxLength: 200 }),
    musicPreferences: Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: 30 }),
    location: Type.String({ maxLength: 200 }),
    /**
     * Artists read from a connected music service (Spotify's top artists, Apple Music's library),
     * which the recommendations match before genres. Optional: left out, a PUT keeps the stored
     * list and a create starts empty; [] clears it. Names are trimmed and de-duplicated.
     */
    musicArtists: Type.Optional(
      Type.Array(
        Type.String({ minLength: 1, maxLength: MUSIC_ARTIST_MAX_LENGTH, pattern: '\\S' }),
        {
          maxItems: MAX_MUSIC_ARTISTS,
        },
      ),
    ),
    /**
     * The language the family chose (issue 35): it follows the account to every device. Left
     * out, a PUT keeps the stored choice and a create stores none (the device's own decides).
     */
    language: Type.Optional(Language),
  },
  { additionalProperties: false },
);
export type CreateUserBody = Static<typeof CreateUserBody>;

/**
 * Body of `PUT /api/users/me` (Profile, 'Edit preferences'): the create body without the email,
 * which is the one the caller's token proves. Validated by the same rules.
 */
export const UpdateUserBody = Type.Omit(CreateUserBody, ['email'], { additionalProperties: false });
export type UpdateUserBody = Static<typeof UpdateUserBody>;

/** A user record as the API returns it. */
export const UserRecord = Type.Object({
  id: Type.String(),
  email: Type.String(),
  name: Type.String(),
  familySituation: Type.String(),
  musicPreferences: Type.Array(Type.String()),
  /** From a connected music service; [] when none was connected. */
  musicArtists: Type.Array(Type.String()),
  location: Type.String(),
  /**
   * The language the family chose ('en', 'es'), or null before it chose one. Always sent by the
   * server; optional for records kept by an app from before issue 35.
   */
  language: Type.Optional(Type.Union([Language, Type.Null()])),
  /**
   * When the profile photo was last uploaded, or null without one. The photo itself is
   * `GET /api/me/photo` (the caller's own, behind the token); this stamp tells a client when
   * its copy is out of date.
   */
  photoUpdatedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type UserRecord = Static<typeof UserRecord>;

export const EmailParams = Type.Object({
  email: Type.String({ minLength: 3, maxLength: 254 }),
});
export type EmailParams = Static<typeof EmailParams>;

/**
 * `ifMissing=204`: "no record yet" as 204 No Content instead of 404. The app asks this way on
 * every start before onboarding: browsers log every 4xx answer as a console error, and this
 * one is expected, not a fault. Without it the lookup answers 404 as the API always has.
 */
export const UserLookupQuery = Type.Object({
  ifMissing: Type.Optional(Type.Literal('204')),
});
export type UserLookupQuery = Static<typeof UserLookupQuery>;

/**
 * `POST /api/me/photo` takes the image bytes as the body. The type is read from the bytes, not
 * from Content-Type: anything else is 415, a body over the limit 413. The client resizes to at
 * most 512 px on the longer side before uploading, so real uploads are far below the limit.
 */
export const PROFILE_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PROFILE_PHOTO_MAX_EDGE_PX = 512;
export const profilePhotoTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ProfilePhotoType = (typeof profilePhotoTypes)[number];
