import type { Event } from '../../contract/events.ts';
import { pageDescription, pageTitle } from '../../contract/pageMetadata.ts';
import { PRODUCT_NAME } from '../../contract/product.ts';

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

/** The event's picture as an absolute URL (previews fetch it from elsewhere); null for none. */
function absoluteImage(imageUrl: string, origin: string): string | null {
  const text = imageUrl.trim();
  if (text === '') return null;
  try {
    const url = new URL(text, origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
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
  const image = absoluteImage(event.imageUrl, origin);
  const meta = (attribute: 'property' | 'name', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  return [
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', PRODUCT_NAME),
    meta('property', 'og:title', event.title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', pageUrl),
    ...(image ? [meta('property', 'og:image', image)] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', event.title),
    meta('name', 'twitter:description', description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
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
