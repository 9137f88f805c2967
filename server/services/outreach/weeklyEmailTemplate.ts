import type { Event } from '../../../contract/events.ts';
import { eventPageUrl } from '../../../contract/icalendar.ts';
import { PRODUCT_NAME } from '../../../contract/product.ts';
import { formatRadiusParam } from '../../../contract/radius.ts';
import type { WeeklyEmailContent, WeeklyEmailPick } from './weeklyEmail.ts';

/*
 * The weekly email as a multipart message: a plain-text part that reads on its own and an HTML
 * part for the usual clients. The HTML is one centred column of tables with inline styles (the
 * one layout Outlook, Gmail and Apple Mail all draw alike), no pictures (blocked by default in
 * many clients, and nothing is lost without them), light colours inline and a dark scheme for
 * the clients that honour `prefers-color-scheme` (Apple Mail, Outlook.com); the color-scheme
 * meta tells the rest the page copes with either. Every text from an event or a profile is
 * escaped.
 */

export interface WeeklyEmailLinks {
  /** The public origin, without a trailing slash: every link starts with it. */
  origin: string;
  /** The one-click unsubscribe address (RFC 8058), with the family's token. */
  unsubscribeUrl: string;
  /** `mailto:` for List-Unsubscribe, for clients without one-click; null for none. */
  unsubscribeMailto: string | null;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => escapes[character] ?? character);
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** 'San Francisco' out of 'San Francisco, CA'. */
const cityOf = (place: string) => place.split(',')[0]?.trim() || place;

const dayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const longDayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** A 'YYYY-MM-DD' calendar day, printed without moving it through any zone. */
function printedDay(isoDay: string, format: Intl.DateTimeFormat): string {
  const [year = 1970, month = 1, day = 1] = isoDay.split('-').map(Number);
  return format.format(new Date(Date.UTC(year, month - 1, day)));
}

/** 'This weekend for your family: 6 events near San Francisco'. */
export function weeklyEmailSubject(content: WeeklyEmailContent): string {
  const start = 'This weekend for your family';
  if (content.picks.length > 0 && content.place !== null) {
    return `${start}: ${plural(content.picks.length, 'event', 'events')} near ${cityOf(content.place)}`;
  }
  if (content.saved.length > 0) {
    return `${start}: ${plural(content.saved.length, 'saved event', 'saved events')}`;
  }
  if (content.deals.length === 0 && content.watched.length > 0) {
    return `${start}: ${plural(content.watched.length, 'new event', 'new events')} for your watched searches`;
  }
  return `${start}: ${plural(content.deals.length, 'deal', 'deals')}${content.place ? ` near ${cityOf(content.place)}` : ''}`;
}

/** 'Sat, Jun 6 · 7:00 PM · Golden Gate Park Bandshell · $25'. */
function eventLine(event: Event): string {
  return [printedDay(event.day, dayFormat), event.time, event.venue, event.price]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' · ');
}

interface Item {
  title: string;
  /** Said after the linked title, outside the link: ' · for "tide pool"'; '' for none. */
  titleSuffix: string;
  url: string;
  details: string;
  /** 'Because you like Jazz', 'Cancelled'; null for none. */
  note: string | null;
}

interface Section {
  heading: string;
  items: Item[];
  more: { label: string; url: string } | null;
}

function sectionsOf(content: WeeklyEmailContent, origin: string): Section[] {
  const item = (event: Event, note: string | null, titleSuffix = ''): Item => ({
    title: event.title,
    titleSuffix,
    url: eventPageUrl(origin, event.id),
    details: eventLine(event),
    // As the app's cards say it.
    note: event.cancelled ? 'Cancelled' : note,
  });
  const search = (parameters: Record<string, string>) => {
    const { radius } = content.filters;
    const query = new URLSearchParams({
      ...parameters,
      ...(content.place ? { location: content.place } : {}),
      ...(radius ? { radius: formatRadiusParam(radius) } : {}),
    });
    return `${origin}/search?${query.toString()}`;
  };
  const sections: Section[] = [];
  if (content.saved.length > 0) {
    sections.push({
      heading: 'Your saved events this weekend',
      items: content.saved.map((event) => item(event, null)),
      more: { label: 'Open your saved list', url: `${origin}/saved` },
    });
  }
  if (content.picks.length > 0) {
    sections.push({
      heading: content.place ? `This weekend near ${cityOf(content.place)}` : 'This weekend',
      items: content.picks.map((pick: WeeklyEmailPick) =>
        item(pick.event, pick.because ? `Because you like ${pick.because}` : null),
      ),
      more: { label: 'See everything this weekend', url: search({ date: 'weekend' }) },
    });
  }
  if (content.deals.length > 0) {
    sections.push({
      heading: 'Family deals',
      items: content.deals.map((event) => item(event, null)),
      more: {
        label: 'See all deals this weekend',
        url: search({ category: 'deals', date: 'weekend' }),
      },
    });
  }
  if (content.watched.length > 0) {
    sections.push({
      heading: 'New for your watched searches',
      items: content.watched.map((match) =>
        item(match.event, null, ` · for "${match.searchName}"`),
      ),
      more: { label: 'Change your watched searches', url: `${origin}/profile` },
    });
  }
  return sections;
}

function weekendWords(content: WeeklyEmailContent): string {
  const { saturday, sunday } = content.weekend;
  return saturday === sunday
    ? printedDay(saturday, longDayFormat)
    : `${printedDay(saturday, longDayFormat)} and ${printedDay(sunday, longDayFormat)}`;
}

/** ' within 5 mi of San Francisco, CA', or ' near …' with the app's default radius. */
function whereWords(content: WeeklyEmailContent): string {
  if (content.place === null) return '';
  const { radius } = content.filters;
  return radius
    ? ` within ${radius.amount} ${radius.unit} of ${content.place}`
    : ` near ${content.place}`;
}

/** Family Safe as the app calls it, so the family knows why an event is (or is not) there. */
function familySafeWords(content: WeeklyEmailContent): string {
  return content.filters.familySafe
    ? 'Family Safe is on: only family-friendly events.'
    : 'Family Safe is off, so events for adults are included.';
}

function introOf(content: WeeklyEmailContent): string {
  return `Here is what is on${whereWords(content)} this weekend, ${weekendWords(content)}. ${familySafeWords(content)}`;
}

/** 'Sam' of 'Sam Parent': a greeting, not a form letter. */
const firstName = (name: string) => name.trim().split(/\s+/)[0] || 'there';

/** The line that says why this email came, and where to change it. */
function whyLine(email: string): string {
  return `You are getting this because you turned on the weekly email "This weekend for your family" in ${PRODUCT_NAME} for ${email}.`;
}

function renderText(
  content: WeeklyEmailContent,
  sections: Section[],
  recipient: { name: string; email: string },
  links: WeeklyEmailLinks,
): string {
  const lines = [`Hi ${firstName(recipient.name)},`, '', introOf(content), ''];
  for (const section of sections) {
    lines.push(section.heading.toUpperCase(), '');
    for (const entry of section.items) {
      lines.push(`* ${entry.title}${entry.titleSuffix}`, `  ${entry.details}`);
      if (entry.note) lines.push(`  ${entry.note}`);
      lines.push(`  ${entry.url}`, '');
    }
    if (section.more) lines.push(`${section.more.label}: ${section.more.url}`, '');
  }
  lines.push(
    '--',
    whyLine(recipient.email),
    `Change what ${PRODUCT_NAME} sends you: ${links.origin}/profile`,
    `Unsubscribe from this email: ${links.unsubscribeUrl}`,
    '',
  );
  return lines.join('\n');
}

const colors = {
  page: '#f4f4f1',
  card: '#ffffff',
  border: '#e2e2dc',
  text: '#1d1d1b',
  muted: '#55554f',
  link: '#1d4fb8',
  accent: '#8a3b00',
};
const font = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** Clients that honour it (Apple Mail, Outlook.com, some Android) switch to these in dark mode. */
const darkScheme = `
  :root { color-scheme: light dark; supported-color-schemes: light dark; }
  @media (prefers-color-scheme: dark) {
    .fj-page { background-color: #161615 !important; }
    .fj-card { background-color: #232321 !important; border-color: #3a3a36 !important; }
    .fj-text { color: #f0f0ec !important; }
    .fj-muted { color: #c2c2bb !important; }
    .fj-note { color: #ffb37a !important; }
    .fj-link { color: #9bbcff !important; }
    .fj-rule { border-color: #3a3a36 !important; }
  }`;

function renderHtml(
  content: WeeklyEmailContent,
  subject: string,
  sections: Section[],
  recipient: { name: string; email: string },
  links: WeeklyEmailLinks,
): string {
  const link = (url: string, label: string, style = '') =>
    `<a class="fj-link" href="${escapeHtml(url)}" style="color:${colors.link};${style}">${escapeHtml(label)}</a>`;
  const paragraph = (html: string, style = '') =>
    `<p class="fj-text" style="margin:0 0 16px;color:${colors.text};font-size:16px;line-height:1.5;${style}">${html}</p>`;
  const sectionHtml = sections
    .map((section) => {
      const items = section.items
        .map(
          (entry) => `
          <tr><td class="fj-card" style="padding:14px 16px;background-color:${colors.card};border:1px solid ${colors.border};border-radius:8px;">
            <div style="font-size:17px;font-weight:600;line-height:1.35;">${link(entry.url, entry.title, 'text-decoration:none;')}${
              entry.titleSuffix
                ? `<span class="fj-muted" style="font-weight:400;color:${colors.muted};">${escapeHtml(entry.titleSuffix)}</span>`
                : ''
            }</div>
            <div class="fj-muted" style="margin-top:4px;font-size:14px;line-height:1.4;color:${colors.muted};">${escapeHtml(entry.details)}</div>${
              entry.note
                ? `
            <div class="fj-note" style="margin-top:4px;font-size:14px;line-height:1.4;color:${colors.accent};">${escapeHtml(entry.note)}</div>`
                : ''
            }
          </td></tr>
          <tr><td style="height:10px;line-height:10px;font-size:0;">&nbsp;</td></tr>`,
        )
        .join('');
      const more = section.more
        ? `<tr><td style="padding:0 0 24px;font-size:15px;">${link(section.more.url, `${section.more.label} →`)}</td></tr>`
        : '<tr><td style="padding:0 0 14px;"></td></tr>';
      return `
        <tr><td style="padding:8px 0 10px;"><h2 class="fj-text" style="margin:0;font-size:19px;line-height:1.3;color:${colors.text};">${escapeHtml(section.heading)}</h2></td></tr>${items}
        ${more}`;
    })
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(subject)}</title>
<style>${darkScheme}
</style>
</head>
<body class="fj-page" style="margin:0;padding:0;background-color:${colors.page};">
<table role="presentation" class="fj-page" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${colors.page};">
  <tr><td align="center" style="padding:24px 12px;">
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;font-family:${font};">
      <tr><td style="padding:0 0 20px;">
        <div class="fj-note" style="font-size:14px;font-weight:700;letter-spacing:0.04em;text-transform:uppercase;color:${colors.accent};">${escapeHtml(PRODUCT_NAME)}</div>
        <h1 class="fj-text" style="margin:6px 0 0;font-size:24px;line-height:1.25;color:${colors.text};">This weekend for your family</h1>
      </td></tr>
      <tr><td>
        ${paragraph(`Hi ${escapeHtml(firstName(recipient.name))},`)}
        ${paragraph(escapeHtml(introOf(content)))}
      </td></tr>${sectionHtml}
      <tr><td class="fj-muted fj-rule" style="padding:16px 0 0;border-top:1px solid ${colors.border};font-size:13px;line-height:1.5;color:${colors.muted};">
        <p style="margin:0 0 8px;">${escapeHtml(whyLine(recipient.email))}</p>
        <p style="margin:0;">${link(`${links.origin}/profile`, `Change what ${PRODUCT_NAME} sends you`)} · ${link(links.unsubscribeUrl, 'Unsubscribe from this email')}</p>
      </td></tr>
    </table>
  </td></tr>
</table>
</body>
</html>
`;
}

/** List-Unsubscribe with both ways, and RFC 8058's one-click marker for the https one. */
export function unsubscribeHeaders(links: WeeklyEmailLinks): Record<string, string> {
  const targets = [links.unsubscribeUrl, links.unsubscribeMailto].filter(
    (target): target is string => target !== null,
  );
  return {
    'List-Unsubscribe': targets.map((target) => `<${target}>`).join(', '),
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** The whole email for one family. */
export function renderWeeklyEmail(
  content: WeeklyEmailContent,
  recipient: { name: string; email: string },
  links: WeeklyEmailLinks,
): RenderedEmail {
  const subject = weeklyEmailSubject(content);
  const sections = sectionsOf(content, links.origin);
  return {
    subject,
    text: renderText(content, sections, recipient, links),
    html: renderHtml(content, subject, sections, recipient, links),
    headers: unsubscribeHeaders(links),
  };
}
