import { describe, expect, it } from 'vitest';
import { famJamGenresOf, famJamGenresOfArtists } from './musicGenres.ts';

describe('famJamGenresOf', () => {
  it.each([
    ['hip hop', ['Hip-Hop']],
    ['trap', ['Hip-Hop']],
    ['trap latino', ['Hip-Hop']],
    ['rap', ['Rap']],
    ['country rap', ['Rap', 'Country']],
    ["children's music", ['Family']],
    ['kids', ['Family']],
    ['edm', ['Electronic']],
    ['deep house', ['Electronic']],
    ['techno', ['Electronic']],
    ['vocal jazz', ['Jazz']],
    ['dance pop', ['Pop']],
    ['k-pop', ['Pop']],
    ['album rock', ['Rock']],
    ['classical', ['Classical']],
    ['chicago blues', ['Blues']],
    ['bluegrass', ['Country']],
    ['  Pop  ', ['Pop']],
    ['vaporwave', []],
    ['trapeze', []],
    ['', []],
  ] as const)('%j → %j', (spotifyGenre, expected) => {
    expect(famJamGenresOf(spotifyGenre)).toEqual(expected);
  });
});

describe('famJamGenresOfArtists', () => {
  it("collects every artist's genres once, in FamJam's order, dropping unknown ones", () => {
    expect(
      famJamGenresOfArtists([
        { genres: ['jazz', 'vocal jazz'] },
        { genres: ["children's music"] },
        { genres: ['pop', 'dance pop'] },
        { genres: ['vaporwave'] },
      ]),
    ).toEqual(['Pop', 'Jazz', 'Family']);
  });

  it('finds nothing in artists without genres (Apple Music)', () => {
    expect(famJamGenresOfArtists([{ genres: [] }])).toEqual([]);
  });
});
