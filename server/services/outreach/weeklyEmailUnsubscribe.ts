import { PRODUCT_NAME } from '../../../contract/product.ts';
import type { Database } from '../../db/client.ts';
import { turnOffWeeklyEmailByToken, unsubscribeTokenExists } from '../../stores/outreachEmail.ts';
import { NotFoundError } from '../errors.ts';
import { escapeHtml } from './weeklyEmailTemplate.ts';

/*
 * The weekly email's unsubscribe by its token alone (RFC 8058 one-click): no sign-in, and the
 * token turns off that one switch and nothing else. An unknown token is a 404 that says where
 * else the email can be turned off.
 */

const unknownTokenMessage = `This unsubscribe link is not valid: it may be from an older email. Turn the weekly email off in ${PRODUCT_NAME}'s Profile instead.`;

export const UNSUBSCRIBED_MESSAGE = `You will no longer get the weekly email "This weekend for your family". Turn it on again in ${PRODUCT_NAME}'s Profile whenever you like.`;

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
export function unsubscribePage(state: UnsubscribePageState): string {
  const heading =
    state.kind === 'confirm'
      ? 'Stop the weekly email?'
      : state.kind === 'done'
        ? 'You are unsubscribed'
        : 'This link does not work';
  const body =
    state.kind === 'confirm'
      ? `<p>You will no longer get "This weekend for your family" from ${escapeHtml(PRODUCT_NAME)}. Nothing else changes.</p>
<form method="post" action="${escapeHtml(state.formAction)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="font: inherit; padding: 10px 18px; border-radius: 8px; cursor: pointer;">Unsubscribe from the weekly email</button>
</form>`
      : `<p>${escapeHtml(state.kind === 'done' ? UNSUBSCRIBED_MESSAGE : unknownTokenMessage)}</p>`;
  return `<!doctype html>
<html lang="en">
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
<p><a href="/profile">Open your ${escapeHtml(PRODUCT_NAME)} settings</a></p>
</main>
</body>
</html>
`;
}
