import { type MusicGenre, musicGenres } from '../../contract/family.ts';

/*
 * Spotify's genre strings ('vocal jazz', 'uk hip hop', "children's music", a few thousand of
 * them) onto FamJam's ten (contract/family.ts), in FamJam's order. Spotify's genres are lowercase words; a genre
 * maps when one of these keywords is a whole word of it (so 'trap' matches 'trap latino' but not
 * 'trapeze'). Order matters only for reading: a genre may map to several (e.g. 'country rap').
 */
const keywords: ReadonlyArray<readonly [MusicGenre, readonly string[]]> = [
  ['Pop', ['pop', 'k-pop', 'j-pop', 'boy band', 'girl group']],
  ['Rock', ['rock', 'metal', 'punk', 'grunge', 'alternative', 'emo', 'shoegaze']],
  ['Jazz', ['jazz', 'bebop', 'swing', 'big band', 'bossa nova']],
  ['Blues', ['blues', 'soul', 'r&b', 'rhythm and blues', 'motown', 'funk']],
  ['Family', ["children's music", "children's", 'kids', 'kindermusik', 'lullaby', 'nursery']],
  ['Classical', ['classical', 'orchestra', 'opera', 'baroque', 'chamber', 'symphony', 'choral']],
  ['Hip-Hop', ['hip hop', 'hip-hop', 'trap', 'drill', 'boom bap']],
  ['Rap', ['rap']],
  ['Country', ['country', 'bluegrass', 'americana', 'honky tonk', 'outlaw country']],
  [
    'Electronic',
    [
      'edm',
      'house',
      'techno',
      'electronic',
      'electronica',
      'trance',
      'dubstep',
      'drum and bass',
      'electro',
    ],
  ],
];

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One whole-word matcher per FamJam genre. */
const matchers = keywords.map(
  ([genre, words]) =>
    [genre, new RegExp(`(^|[\\s/])(${words.map(escaped).join('|')})($|[\\s/])`)] as const,
);

/** The FamJam genres one Spotify genre string stands for; none for one we do not know. */
export function famJamGenresOf(spotifyGenre: string): MusicGenre[] {
  const normalized = spotifyGenre.trim().toLowerCase();
  return matchers.filter(([, pattern]) => pattern.test(normalized)).map(([genre]) => genre);
}

/** The FamJam genres of all these artists' genres, in FamJam's own order, each once. */
export function famJamGenresOfArtists(
  artists: ReadonlyArray<{ genres: readonly string[] }>,
): MusicGenre[] {
  const found = new Set(artists.flatMap((artist) => artist.genres.flatMap(famJamGenresOf)));
  return musicGenres.filter((genre) => found.has(genre));
}
