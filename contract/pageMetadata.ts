import { PRODUCT_NAME } from './product.ts';

/** docs/product.md#spec-9: the page-metadata description is cut to 150 characters. */
export const PAGE_DESCRIPTION_MAX_CHARS = 150;

/**
 * A description as page metadata carries it: one line (previews show no line breaks), at most
 * 150 characters, an ellipsis as the last one when cut. Counted in code points, so an emoji
 * is never split in half. Shared by the browser (document metadata) and the server (the Open
 * Graph tags of a shared link), so both say the same.
 */
export function pageDescription(text: string): string {
  const characters = Array.from(text.replace(/\s+/g, ' ').trim());
  if (characters.length <= PAGE_DESCRIPTION_MAX_CHARS) return characters.join('');
  return `${characters
    .slice(0, PAGE_DESCRIPTION_MAX_CHARS - 1)
    .join('')
    .trimEnd()}…`;
}

/** A page's document title: 'Family Jazz Picnic · FamJam'. */
export function pageTitle(title: string): string {
  return `${title} · ${PRODUCT_NAME}`;
}
