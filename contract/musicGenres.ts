import { type MusicGenre, musicGenres } from './family.ts';

/**
 * The words of each of FamJam's ten music genres (contract/family.ts), for both directions: the
 * client maps a music service's genres onto FamJam's (src/domain/musicGenres.ts), the server
 * finds a genre's events by the words of their listings (server/services/recommendations.ts).
 * Keyed by the genre union: a genre added to musicGenres fails the typecheck until it has its
 * words here.
 */
export interface GenreWords {
  /**
   * Spotify's genre strings ('vocal jazz', 'uk hip hop', "children's music", a few thousand of
   * them) are lowercase words; one stands for this genre when one of these keywords is a whole
   * word of it (so 'trap' matches 'trap latino' but not 'trapeze'). A Spotify genre may stand
   * for several (e.g. 'country rap').
   */
  spotify: readonly string[];
  /**
   * How the genre looks in a listing's title and tags: any of these phrases, as exact words
   * (so plurals are listed where a listing would use them).
   */
  listing: readonly string[];
  /** Unless the listing says one of these ('Pop' is not a 'Pop-Up Market'). */
  unless?: readonly string[];
}

export const genreWords: { readonly [Genre in MusicGenre]: GenreWords } = {
  // Only the hyphenated 'pop-up': 'up' is a stop word of the stemmed index's query.
  Pop: {
    spotify: ['pop', 'k-pop', 'j-pop', 'boy band', 'girl group'],
    listing: ['pop'],
    unless: ['pop-up'],
  },
  Rock: {
    spotify: ['rock', 'metal', 'punk', 'grunge', 'alternative', 'emo', 'shoegaze'],
    listing: ['rock'],
    unless: ['rock climbing', 'rock wall'],
  },
  Jazz: { spotify: ['jazz', 'bebop', 'swing', 'big band', 'bossa nova'], listing: ['jazz'] },
  Blues: {
    spotify: ['blues', 'soul', 'r&b', 'rhythm and blues', 'motown', 'funk'],
    listing: ['blues'],
  },
  Family: {
    spotify: ["children's music", "children's", 'kids', 'kindermusik', 'lullaby', 'nursery'],
    listing: ['family', 'families', 'kids', 'children'],
  },
  Classical: {
    spotify: ['classical', 'orchestra', 'opera', 'baroque', 'chamber', 'symphony', 'choral'],
    listing: ['classical', 'orchestra', 'orchestras', 'symphony', 'philharmonic'],
  },
  'Hip-Hop': {
    spotify: ['hip hop', 'hip-hop', 'trap', 'drill', 'boom bap'],
    listing: ['hip hop', 'hip-hop'],
  },
  Rap: { spotify: ['rap'], listing: ['rap'] },
  Country: {
    spotify: ['country', 'bluegrass', 'americana', 'honky tonk', 'outlaw country'],
    listing: ['country', 'bluegrass'],
  },
  Electronic: {
    spotify: [
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
    listing: ['electronic', 'edm', 'techno', 'house music'],
  },
};

/** Whether `value` is one of FamJam's genres (a stored profile may hold older or made-up ones). */
export function isMusicGenre(value: string): value is MusicGenre {
  return (musicGenres as readonly string[]).includes(value);
}
