import { describe, expect, it } from 'vitest';
import { MAX_MUSIC_ARTISTS } from '../../../contract/user.ts';
import { connectedArtists, profileName, toCreateBody, toUpdateBody } from './profileBody.ts';

const answers = {
  ageRange: '36-45',
  familyGroups: ['young_kids', 'teens'],
  genres: ['Jazz', 'Hip-Hop'],
  location: '  Oakland, CA ',
} as const;

describe('profile body', () => {
  it('names the profile from the display name, else the email, else the default', () => {
    expect(profileName({ displayName: 'Ada Lovelace', email: 'ada@example.com' })).toBe(
      'Ada Lovelace',
    );
    expect(profileName({ displayName: '  ', email: 'rivera.family@example.com' })).toBe(
      'rivera.family',
    );
    expect(profileName({ displayName: null, email: null })).toBe('FamJam Explorer');
    expect(profileName(null)).toBe('FamJam Explorer');
  });

  it("posts docs/product.md#spec-7's fields: familySituation comma-joined, genres by name, the age left out", () => {
    expect(toCreateBody(answers, { displayName: null, email: 'ada@example.com' })).toEqual({
      email: 'ada@example.com',
      name: 'ada',
      familySituation: 'young_kids,teens',
      musicPreferences: ['Jazz', 'Hip-Hop'],
      location: 'Oakland, CA',
    });
  });

  it('saves an edit under the stored name, without the email', () => {
    expect(toUpdateBody(answers, 'Rivera Family')).toEqual({
      name: 'Rivera Family',
      familySituation: 'young_kids,teens',
      musicPreferences: ['Jazz', 'Hip-Hop'],
      location: 'Oakland, CA',
    });
  });

  it("adds the connected services' artists, and leaves them out when none was connected", () => {
    const artists = connectedArtists([
      { artistNames: ['The Quartet', ' Little Hummers '] },
      { artistNames: ['the quartet', 'Quiet Harbour', ''] },
    ]);
    expect(artists).toEqual(['The Quartet', 'Little Hummers', 'Quiet Harbour']);
    expect(toCreateBody(answers, { displayName: 'Ada', email: 'a@b.co' }, artists)).toMatchObject({
      musicArtists: ['The Quartet', 'Little Hummers', 'Quiet Harbour'],
    });
    // Left out (not []), so an edit without a connection keeps the stored artists.
    expect(connectedArtists([])).toBeNull();
    expect(toUpdateBody(answers, 'Ada', null)).not.toHaveProperty('musicArtists');
    // A service connected with an empty library does replace them.
    expect(toUpdateBody(answers, 'Ada', connectedArtists([{ artistNames: [] }]))).toMatchObject({
      musicArtists: [],
    });
  });

  it('keeps at most MAX_MUSIC_ARTISTS artists', () => {
    const many = Array.from({ length: MAX_MUSIC_ARTISTS + 5 }, (_, index) => `Artist ${index}`);
    expect(connectedArtists([{ artistNames: many }])).toEqual(many.slice(0, MAX_MUSIC_ARTISTS));
  });
});
