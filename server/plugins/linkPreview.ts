import type { Event } from '../../contract/events.ts';
import { pageDescription, pageTitle } from '../../contract/pageMetadata.ts';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH, previewImagePath } from '../../contract/pictures.ts';
import { PRODUCT_NAME } from '../../contract/product.ts';
import { previewAlt } from '../services/pictures/preview.ts';

/**
 * Link previews for a shared event (`/event/:id`): messaging apps and social sites read Open
 * Graph and Twitter card tags from the HTML and run no script, so the server writes them into
 * the app's index.html. Everything from the event is escaped: a title is data, never markup.
 */

/** Text safe inside an element and inside a double- or single-quoted attribute. */
function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * The page's description: the event's own (cut as the client's page metadata cuts it), or
 * where it has none, where it is ("venue, town").
 */
function previewDescription(event: Event): string {
  const whereItIs = [event.venue, event.location].filter((part) => part.trim() !== '').join(', ');
  return pageDescription(event.description || whereItIs);
}

/**
 * The `<head>` tags of an event's page. `pageUrl` is the page's own absolute address (og:url
 * and the canonical link), `origin` resolves a site-relative image.
 */
function eventPreviewTags(event: Event, pageUrl: string, origin: string): string {
  const description = previewDescription(event);
  // Every event has a raster preview of its own (server/services/pictures/preview.ts): its picture, or a
  // card drawn from its title, day and venue; previews fetch it from elsewhere, so absolute.
  const image = `${origin}${previewImagePath(event.id)}`;
  const imageAlt = previewAlt(event);
  const meta = (attribute: 'property' | 'name', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  return [
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', PRODUCT_NAME),
    meta('property', 'og:title', event.title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', pageUrl),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', 'image/jpeg'),
    meta('property', 'og:image:width', String(PREVIEW_WIDTH)),
    meta('property', 'og:image:height', String(PREVIEW_HEIGHT)),
    meta('property', 'og:image:alt', imageAlt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', event.title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', imageAlt),
    `<link rel="canonical" href="${escapeHtml(pageUrl)}" />`,
  ].join('\n    ');
}

/**
 * index.html with the event's title, description and preview tags. The shell's own title and
 * description are replaced (a search engine or preview reads one of each); the tags go just
 * before `</head>`. Replacements are functions so a '$' in an event's text is never read as a
 * replacement pattern ('$&', '$1').
 */
export function withEventPreview(
  html: string,
  event: Event,
  pageUrl: string,
  origin: string,
): string {
  const description = previewDescription(event);
  return html
    .replace(
      /<title>[\s\S]*?<\/title>/,
      () => `<title>${escapeHtml(pageTitle(event.title))}</title>`,
    )
    .replace(
      /<meta\s+name="description"[^>]*>/,
      () => `<meta name="description" content="${escapeHtml(description)}" />`,
    )
    .replace('</head>', () => `    ${eventPreviewTags(event, pageUrl, origin)}\n  </head>`);
}
