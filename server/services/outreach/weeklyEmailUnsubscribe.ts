import type { AppLocale } from '../../../contract/locales.ts';
import { PRODUCT_NAME } from '../../../contract/product.ts';
import type { Database } from '../../db/client.ts';
import { messagesIn, requestLocale } from '../../i18n.ts';
import {
  turnOffWeeklyEmailByToken,
  unsubscribeTokenExists,
  unsubscribeTokenLanguage,
} from '../../stores/outreachEmail.ts';
import { NotFoundError } from '../errors.ts';
import { escapeHtml } from './weeklyEmailTemplate.ts';

/*
 * The weekly email's unsubscribe by its token alone (RFC 8058 one-click): no sign-in, and the
 * token turns off that one switch and nothing else. An unknown token is a 404 that says where
 * else the email can be turned off. The page a person sees is in the family's language, as the
 * email was (the token's family's users.language; for a token no family holds, the browser's).
 */

/** The page's words in `locale`, the JSON answers' in English (ids 'server.email.unsubscribePage.*'). */
function unknownTokenMessageIn(locale: AppLocale | null): string {
  const i18n = messagesIn(locale);
  return i18n.t('server.email.unsubscribePage.unknown', { product: PRODUCT_NAME });
}
function unsubscribedMessageIn(locale: AppLocale | null): string {
  const i18n = messagesIn(locale);
  return i18n.t('server.email.unsubscribePage.done', { product: PRODUCT_NAME });
}

const unknownTokenMessage = unknownTokenMessageIn(null);

export const UNSUBSCRIBED_MESSAGE = unsubscribedMessageIn(null);

/**
 * The language of the unsubscribe page for this token: its family's (English when it chose
 * none, as its emails are), or the browser's (Accept-Language) for a token no family holds.
 */
export async function unsubscribePageLocale(
  db: Database,
  token: string,
  acceptLanguage: string | undefined,
): Promise<AppLocale> {
  const language = await unsubscribeTokenLanguage(db, token);
  return language === undefined ? requestLocale(acceptLanguage) : messagesIn(language).locale;
}

/** Refuses a token no settings row holds. */
export async function checkUnsubscribeToken(db: Database, token: string): Promise<void> {
  if (!(await unsubscribeTokenExists(db, token))) throw new NotFoundError(unknownTokenMessage);
}

/** Turns the weekly email off for the token's family; again is fine (still off). */
export async function unsubscribeWeeklyEmail(
  db: Database,
  token: string,
  now: Date,
): Promise<void> {
  if (!(await turnOffWeeklyEmailByToken(db, token, now))) {
    throw new NotFoundError(unknownTokenMessage);
  }
}

export type UnsubscribePageState =
  | { kind: 'confirm'; formAction: string }
  | { kind: 'done' }
  | { kind: 'unknown' };

/**
 * The small page the email's link opens: plain HTML under the app's CSP (no script, no <style>
 * element, inline style attributes only), light or dark as the browser is.
 */
export function unsubscribePage(state: UnsubscribePageState, locale: AppLocale = 'en'): string {
  const i18n = messagesIn(locale);
  const heading =
    state.kind === 'confirm'
      ? i18n.t('server.email.unsubscribePage.confirmHeading')
      : state.kind === 'done'
        ? i18n.t('server.email.unsubscribePage.doneHeading')
        : i18n.t('server.email.unsubscribePage.unknownHeading');
  const body =
    state.kind === 'confirm'
      ? // The catalogue's own sentence, written as HTML text (its quotes as they are); the name escaped.
        `<p>${i18n.t('server.email.unsubscribePage.confirm', { product: escapeHtml(PRODUCT_NAME) })}</p>
<form method="post" action="${escapeHtml(state.formAction)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="font: inherit; padding: 10px 18px; border-radius: 8px; cursor: pointer;">${escapeHtml(i18n.t('server.email.unsubscribePage.button'))}</button>
</form>`
      : `<p>${escapeHtml(state.kind === 'done' ? unsubscribedMessageIn(locale) : unknownTokenMessageIn(locale))}</p>`;
  return `<!doctype html>
<html lang="${i18n.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>${escapeHtml(`${heading} · ${PRODUCT_NAME}`)}</title>
</head>
<body style="margin: 0; font-family: system-ui, sans-serif; line-height: 1.5;">
<main style="max-width: 32rem; margin: 0 auto; padding: 2rem 1.25rem;">
<h1 style="font-size: 1.5rem; line-height: 1.3;">${escapeHtml(heading)}</h1>
${body}
<p><a href="/profile">${escapeHtml(i18n.t('server.email.unsubscribePage.settings', { product: PRODUCT_NAME }))}</a></p>
</main>
</body>
</html>
`;
}
