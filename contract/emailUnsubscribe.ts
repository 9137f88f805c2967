import { type Static, Type } from '@sinclair/typebox';

/*
 * The weekly email's unsubscribe (issue 34, RFC 8058): public, its token alone authorises it, and
 * it turns off that one switch. `GET` shows a page with a button that POSTs (a mail client's or a
 * scanner's prefetch of the link never unsubscribes by itself); `POST` is the one-click itself,
 * which mail clients send with the body `List-Unsubscribe=One-Click`.
 */

export const EMAIL_UNSUBSCRIBE_PATH = '/api/email/unsubscribe';

/** The settings row's random token (32 bytes, base64url) from the email's link. */
export const EmailUnsubscribeQuery = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200 }),
});
export type EmailUnsubscribeQuery = Static<typeof EmailUnsubscribeQuery>;

/** `POST`'s answer (JSON unless the caller asked for HTML, as a browser's form does). */
export const EmailUnsubscribed = Type.Object({
  weeklyEmail: Type.Literal(false),
  message: Type.String(),
});
export type EmailUnsubscribed = Static<typeof EmailUnsubscribed>;
