import { describe, expect, it } from 'vitest';
import { profileName, toCreateBody, toUpdateBody } from './profileBody.ts';

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

  it("posts SPEC 7's fields: familySituation comma-joined, genres by name, the age left out", () => {
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
});
