/**
 * docs/product.md#spec-3/9: a restaurant's rating is text ('4.5') shown as five stars. What a
 * screen reader hears instead is the restaurants feature's ('restaurants.rating.label').
 */
export const STAR_SCALE = 5;

export type Star = 'full' | 'half' | 'empty';

/** The rating as a number from 0 to 5, or null when the text is not one. */
export function parseRating(rating: string): number | null {
  const trimmed = rating.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return null;
  return Math.min(STAR_SCALE, Number(trimmed));
}

/**
 * Five stars for a rating, to the nearest half star: 4.5 → ★★★★½, 4.2 → ★★★★☆, 4.3 → ★★★★½
 * (halves, because that is the precision a star row can show).
 */
export function starsFor(rating: number): Star[] {
  const halves = Math.round(rating * 2);
  return Array.from({ length: STAR_SCALE }, (_, index) => {
    const left = halves - index * 2;
    if (left >= 2) return 'full';
    return left === 1 ? 'half' : 'empty';
  });
}
