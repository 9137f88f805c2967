import type { Event } from '../../../contract/events.ts';
import { eventPageUrl } from '../../../contract/icalendar.ts';
import type { AppLocale } from '../../../contract/locales.ts';
import { PRODUCT_NAME } from '../../../contract/product.ts';
import { formatRadiusParam } from '../../../contract/radius.ts';
import { messagesIn, type ServerMessages } from '../../i18n.ts';
import { dayIn } from './localDates.ts';
import type { WeeklyEmailContent, WeeklyEmailPick } from './weeklyEmail.ts';

/*
 * The weekly email as a multipart message: a plain-text part that reads on its own and an HTML
 * part for the usual clients. The HTML is one centred column of tables with inline styles (the
 * one layout Outlook, Gmail and Apple Mail all draw alike), no pictures (blocked by default in
 * many clients, and nothing is lost without them), light colours inline and a dark scheme for
 * the clients that honour `prefers-color-scheme` (Apple Mail, Outlook.com); the color-scheme
 * meta tells the rest the page copes with either. Every text from an event or a profile is
 * escaped. Its words and dates are in the family's language (users.language; English without
 * one), from the 'server' catalogue (ids 'server.email.*'); event content stays as its source
 * wrote it.
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

/** 'San Francisco' out of 'San Francisco, CA'. */
const cityOf = (place: string) => place.split(',')[0]?.trim() || place;

/** 'This weekend for your family: 6 events near San Francisco'. */
export function weeklyEmailSubject(
  content: WeeklyEmailContent,
  i18n: ServerMessages = messagesIn(null),
): string {
  if (content.picks.length > 0 && content.place !== null) {
    return i18n.t('server.email.subject.events', {
      count: content.picks.length,
      city: cityOf(content.place),
    });
  }
  if (content.saved.length > 0) {
    return i18n.t('server.email.subject.saved', { count: content.saved.length });
  }
  if (content.deals.length === 0 && content.watched.length > 0) {
    return i18n.t('server.email.subject.watched', { count: content.watched.length });
  }
  return content.place
    ? i18n.t('server.email.subject.dealsNear', {
        count: content.deals.length,
        city: cityOf(content.place),
      })
    : i18n.t('server.email.subject.deals', { count: content.deals.length });
}

/** 'Sat, Jun 6 · 7:00 PM · Golden Gate Park Bandshell · $25'. */
function eventLine(event: Event, i18n: ServerMessages): string {
  // The API says 'Free' for no price; the family reads it in its language.
  const price = event.price === 'Free' ? i18n.t('server.email.free') : event.price;
  return [dayIn(i18n.locale, event.day, 'short'), event.time, event.venue, price]
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

function sectionsOf(content: WeeklyEmailContent, origin: string, i18n: ServerMessages): Section[] {
  const item = (event: Event, note: string | null, titleSuffix = ''): Item => ({
    title: event.title,
    titleSuffix,
    url: eventPageUrl(origin, event.id),
    details: eventLine(event, i18n),
    // As the app's cards say it.
    note: event.cancelled ? i18n.t('server.email.cancelled') : note,
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
      heading: i18n.t('server.email.saved.heading'),
      items: content.saved.map((event) => item(event, null)),
      more: { label: i18n.t('server.email.saved.more'), url: `${origin}/saved` },
    });
  }
  if (content.picks.length > 0) {
    sections.push({
      heading: content.place
        ? i18n.t('server.email.weekend.headingNear', { city: cityOf(content.place) })
        : i18n.t('server.email.weekend.heading'),
      items: content.picks.map((pick: WeeklyEmailPick) =>
        item(
          pick.event,
          pick.because ? i18n.t('server.email.weekend.because', { because: pick.because }) : null,
        ),
      ),
      more: { label: i18n.t('server.email.weekend.more'), url: search({ date: 'weekend' }) },
    });
  }
  if (content.deals.length > 0) {
    sections.push({
      heading: i18n.t('server.email.deals.heading'),
      items: content.deals.map((event) => item(event, null)),
      more: {
        label: i18n.t('server.email.deals.more'),
        url: search({ category: 'deals', date: 'weekend' }),
      },
    });
  }
  if (content.watched.length > 0) {
    sections.push({
      heading: i18n.t('server.email.watched.heading'),
      items: content.watched.map((match) =>
        item(
          match.event,
          null,
          ` · ${i18n.t('server.email.watched.for', { name: match.searchName })}`,
        ),
      ),
      more: { label: i18n.t('server.email.watched.more'), url: `${origin}/profile` },
    });
  }
  return sections;
}

/** 'Saturday, June 6 and Sunday, June 7'. */
function weekendWords(content: WeeklyEmailContent, i18n: ServerMessages): string {
  const { saturday, sunday } = content.weekend;
  const long = (day: string) => dayIn(i18n.locale, day, 'long');
  return saturday === sunday
    ? long(saturday)
    : i18n.t('server.email.intro.days', { saturday: long(saturday), sunday: long(sunday) });
}

/** 'Here is what is on within 5 mi of San Francisco, CA this weekend, …', or near it, or anywhere. */
function whereSentence(content: WeeklyEmailContent, i18n: ServerMessages): string {
  const days = weekendWords(content, i18n);
  if (content.place === null) return i18n.t('server.email.intro.anywhere', { days });
  const { radius } = content.filters;
  return radius
    ? i18n.t('server.email.intro.within', {
        distance: `${radius.amount} ${radius.unit}`,
        place: content.place,
        days,
      })
    : i18n.t('server.email.intro.near', { place: content.place, days });
}

/** Family Safe as the app calls it, so the family knows why an event is (or is not) there. */
function familySafeWords(content: WeeklyEmailContent, i18n: ServerMessages): string {
  return content.filters.familySafe
    ? i18n.t('server.email.familySafe.on')
    : i18n.t('server.email.familySafe.off');
}

function introOf(content: WeeklyEmailContent, i18n: ServerMessages): string {
  return `${whereSentence(content, i18n)} ${familySafeWords(content, i18n)}`;
}

/** 'Hi Sam,' of 'Sam Parent': a greeting, not a form letter. */
function greeting(name: string, i18n: ServerMessages): string {
  const first = name.trim().split(/\s+/)[0];
  return first
    ? i18n.t('server.email.greeting', { name: first })
    : i18n.t('server.email.greetingNoName');
}

/** The line that says why this email came, and where to change it. */
function whyLine(email: string, i18n: ServerMessages): string {
  return i18n.t('server.email.why', { product: PRODUCT_NAME, email });
}

function renderText(
  content: WeeklyEmailContent,
  sections: Section[],
  recipient: WeeklyEmailRecipient,
  links: WeeklyEmailLinks,
  i18n: ServerMessages,
): string {
  const lines = [greeting(recipient.name, i18n), '', introOf(content, i18n), ''];
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
    whyLine(recipient.email, i18n),
    `${i18n.t('server.email.change', { product: PRODUCT_NAME })}: ${links.origin}/profile`,
    `${i18n.t('server.email.unsubscribe')}: ${links.unsubscribeUrl}`,
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
  recipient: WeeklyEmailRecipient,
  links: WeeklyEmailLinks,
  i18n: ServerMessages,
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
<html lang="${i18n.locale}">
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
        <h1 class="fj-text" style="margin:6px 0 0;font-size:24px;line-height:1.25;color:${colors.text};">${escapeHtml(i18n.t('server.email.title'))}</h1>
      </td></tr>
      <tr><td>
        ${paragraph(escapeHtml(greeting(recipient.name, i18n)))}
        ${paragraph(escapeHtml(introOf(content, i18n)))}
      </td></tr>${sectionHtml}
      <tr><td class="fj-muted fj-rule" style="padding:16px 0 0;border-top:1px solid ${colors.border};font-size:13px;line-height:1.5;color:${colors.muted};">
        <p style="margin:0 0 8px;">${escapeHtml(whyLine(recipient.email, i18n))}</p>
        <p style="margin:0;">${link(`${links.origin}/profile`, i18n.t('server.email.change', { product: PRODUCT_NAME }))} · ${link(links.unsubscribeUrl, i18n.t('server.email.unsubscribe'))}</p>
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

/** Whom the email is for: the greeting's name, the address the why-line names, the language. */
export interface WeeklyEmailRecipient {
  name: string;
  email: string;
  /** users.language: the family's choice; null or absent is English. */
  language?: AppLocale | null;
}

/** The whole email for one family, in its language. */
export function renderWeeklyEmail(
  content: WeeklyEmailContent,
  recipient: WeeklyEmailRecipient,
  links: WeeklyEmailLinks,
): RenderedEmail {
  const i18n = messagesIn(recipient.language);
  const subject = weeklyEmailSubject(content, i18n);
  const sections = sectionsOf(content, links.origin, i18n);
  return {
    subject,
    text: renderText(content, sections, recipient, links, i18n),
    html: renderHtml(content, subject, sections, recipient, links, i18n),
    headers: unsubscribeHeaders(links),
  };
}
