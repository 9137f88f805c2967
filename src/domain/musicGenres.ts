import { type MusicGenre, musicGenres } from '../../contract/family.ts';
import { genreWords } from '../../contract/musicGenres.ts';

/*
 * Spotify's genre strings ('vocal jazz', 'uk hip hop', "children's music", a few thousand of
 * them) onto FamJam's ten (contract/family.ts), in FamJam's order, by the keywords of
 * contract/musicGenres.ts: a genre maps when one of its keywords is a whole word of it (so
 * 'trap' matches 'trap latino' but not 'trapeze'), and may map to several (e.g. 'country rap').
 */

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One whole-word matcher per FamJam genre. */
const matchers = musicGenres.map(
  (genre) =>
    [
      genre,
      new RegExp(`(^|[\\s/])(${genreWords[genre].spotify.map(escaped).join('|')})($|[\\s/])`),
    ] as const,
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
