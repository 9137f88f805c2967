import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  EMAIL_UNSUBSCRIBE_PATH,
  EmailUnsubscribed,
  EmailUnsubscribeQuery,
} from '../../contract/emailUnsubscribe.ts';
import { ApiError } from '../../contract/errors.ts';
import { NotFoundError } from '../services/errors.ts';
import {
  checkUnsubscribeToken,
  UNSUBSCRIBED_MESSAGE,
  unsubscribePage,
  unsubscribePageLocale,
  unsubscribeWeeklyEmail,
} from '../services/outreach/weeklyEmailUnsubscribe.ts';
import type { FamJamApp } from '../types.ts';

/**
 * Tokens are 32 random bytes, beyond guessing; the limit keeps anyone from trying at volume all
 * the same, counted apart from the rest of the API (its own group).
 */
const unsubscribeRateLimit = { max: 20, timeWindow: '1 minute', groupId: 'email-unsubscribe' };

/** A browser (the page's own form, a person opening the link) asks for HTML; mail clients do not. */
const wantsHtml = (request: FastifyRequest) =>
  (request.headers.accept ?? '').toLowerCase().includes('text/html');

function sendPage(reply: FastifyReply, status: number, html: string) {
  return (
    reply
      .code(status)
      // The address holds the token: no cache keeps the page, no search engine lists it.
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(html)
  );
}

const htmlPage = {
  description: 'A small page (HTML) for a person who opened the link',
  content: { 'text/html': { schema: { type: 'string' } } },
};

/** The weekly email's unsubscribe: public, the token in the link is the only key. */
export async function emailUnsubscribeRoutes(app: FamJamApp): Promise<void> {
  // RFC 8058's one-click POST comes as a form (either encoding); its content is not needed, the
  // token decides, so the body is read as text (4 KB at most) and left aside.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, body),
  );

  app.get(
    EMAIL_UNSUBSCRIBE_PATH.replace(/^\/api/, ''),
    {
      config: { rateLimit: unsubscribeRateLimit },
      schema: {
        operationId: 'showEmailUnsubscribe',
        summary: 'The weekly email unsubscribe page, with a button that unsubscribes',
        description:
          'Opening the link changes nothing (mail scanners and prefetchers open links): the page asks, and its button POSTs. 404 for a token no family holds (an HTML page when the caller accepts text/html).',
        tags: ['email'],
        querystring: EmailUnsubscribeQuery,
        response: { 200: htmlPage, '4xx': ApiError },
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      const locale = () => unsubscribePageLocale(app.db, token, request.headers['accept-language']);
      try {
        await checkUnsubscribeToken(app.db, token);
      } catch (error) {
        if (error instanceof NotFoundError && wantsHtml(request)) {
          return sendPage(reply, 404, unsubscribePage({ kind: 'unknown' }, await locale()));
        }
        throw error;
      }
      const formAction = `${EMAIL_UNSUBSCRIBE_PATH}?${new URLSearchParams({ token }).toString()}`;
      return sendPage(reply, 200, unsubscribePage({ kind: 'confirm', formAction }, await locale()));
    },
  );

  app.post(
    EMAIL_UNSUBSCRIBE_PATH.replace(/^\/api/, ''),
    {
      config: { rateLimit: unsubscribeRateLimit },
      schema: {
        operationId: 'unsubscribeFromEmail',
        summary: 'Turn the weekly email off, by the token in its link (RFC 8058 one-click)',
        description:
          "Mail clients send the body List-Unsubscribe=One-Click (form-encoded); the token alone decides. Turns off the weekly email only, and again is fine. JSON, or a page when the caller accepts text/html (the unsubscribe page's own button). 404 for a token no family holds.",
        tags: ['email'],
        querystring: EmailUnsubscribeQuery,
        response: { 200: EmailUnsubscribed, '4xx': ApiError },
      },
    },
    async (request, reply) => {
      const html = wantsHtml(request);
      const locale = () =>
        unsubscribePageLocale(app.db, request.query.token, request.headers['accept-language']);
      try {
        await unsubscribeWeeklyEmail(app.db, request.query.token, new Date());
      } catch (error) {
        if (error instanceof NotFoundError && html) {
          return sendPage(reply, 404, unsubscribePage({ kind: 'unknown' }, await locale()));
        }
        throw error;
      }
      if (html) return sendPage(reply, 200, unsubscribePage({ kind: 'done' }, await locale()));
      reply.header('cache-control', 'no-store');
      return { weeklyEmail: false as const, message: UNSUBSCRIBED_MESSAGE };
    },
  );
}
