import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppLocale } from '../../contract/locales.ts';
import { outreachSettings, users } from '../db/schema/index.ts';
import { weeklyEmailSettingsOf } from '../stores/outreachEmail.ts';
import { buildTestApp } from '../test/helpers.ts';
import type { FamJamApp } from '../types.ts';

/*
 * The weekly email's unsubscribe, public and by token alone (RFC 8058). That the email stops
 * afterwards, through the job, is in server/jobs/weeklyEmail.test.ts.
 */

let app: FamJamApp;

beforeAll(async () => {
  app = await buildTestApp();
});

afterAll(async () => {
  await app?.close();
});

/** A family with the weekly email on: its users row id and its token. */
async function optedInFamily(language?: AppLocale): Promise<{ userId: string; token: string }> {
  const [user] = await app.db
    .insert(users)
    .values({
      firebaseUid: `uid-${randomUUID()}`,
      email: `unsub-${randomUUID().slice(0, 8)}@example.com`,
      name: 'Sam Parent',
      language: language ?? null,
    })
    .returning({ id: users.id });
  const userId = user?.id ?? '';
  const token = randomBytes(32).toString('base64url');
  await app.db.insert(outreachSettings).values({
    userId,
    weeklyEmail: true,
    timeZone: 'America/Los_Angeles',
    unsubscribeToken: token,
  });
  return { userId, token };
}

const weeklyEmailOf = async (userId: string) =>
  (await weeklyEmailSettingsOf(app.db, [userId]))[0]?.weeklyEmail;

const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('GET /api/email/unsubscribe', () => {
  it('shows a page whose button POSTs, and changes nothing itself', async () => {
    const family = await optedInFamily();
    const response = await app.inject({
      method: 'GET',
      url: `/api/email/unsubscribe?token=${family.token}`,
      headers: browser,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    // The app's CSP applies: the page has no script and no <style> element to be blocked.
    expect(response.headers['content-security-policy']).toContain("script-src-attr 'none'");
    expect(response.body).not.toMatch(/<script|<style/);
    expect(response.body).toContain(
      '<h1 style="font-size: 1.5rem; line-height: 1.3;">Stop the weekly email?</h1>',
    );
    expect(response.body).toContain(
      `<form method="post" action="/api/email/unsubscribe?token=${family.token}">`,
    );
    expect(response.body).toContain(
      '<input type="hidden" name="List-Unsubscribe" value="One-Click">',
    );
    expect(response.body).toContain('<meta name="color-scheme" content="light dark">');
    expect(await weeklyEmailOf(family.userId)).toBe(true);
  });

  it('answers 404 for a token no family holds: a page for a browser, JSON otherwise', async () => {
    const url = `/api/email/unsubscribe?token=${randomBytes(32).toString('base64url')}`;
    const page = await app.inject({ method: 'GET', url, headers: browser });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('This link does not work');
    const json = await app.inject({ method: 'GET', url });
    expect(json.statusCode).toBe(404);
    expect(json.json()).toEqual({
      error: 'not_found',
      message:
        "This unsubscribe link is not valid: it may be from an older email. Turn the weekly email off in FamJam's Profile instead.",
    });
  });

  it('refuses a missing token with a 400 that names it', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/email/unsubscribe' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'bad_request' });
    expect(response.json<{ message: string }>().message).toContain('token');
  });
});

describe('POST /api/email/unsubscribe', () => {
  it("turns the weekly email off by the token alone (RFC 8058's one-click), and again is fine", async () => {
    const family = await optedInFamily();
    const other = await optedInFamily();
    for (let time = 0; time < 2; time += 1) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/email/unsubscribe?token=${family.token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ weeklyEmail: false });
    }
    expect(await weeklyEmailOf(family.userId)).toBe(false);
    // Only that family's switch.
    expect(await weeklyEmailOf(other.userId)).toBe(true);
  });

  it('takes the one-click body as multipart too, and the page button answers with a page', async () => {
    const family = await optedInFamily();
    const boundary = 'famjamtestboundary';
    const multipart = await app.inject({
      method: 'POST',
      url: `/api/email/unsubscribe?token=${family.token}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode).toBe(200);
    expect(await weeklyEmailOf(family.userId)).toBe(false);

    const another = await optedInFamily();
    const page = await app.inject({
      method: 'POST',
      url: `/api/email/unsubscribe?token=${another.token}`,
      headers: { ...browser, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('You are unsubscribed');
    expect(await weeklyEmailOf(another.userId)).toBe(false);
  });

  it('answers 404 with a JSON message for a token no family holds', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/email/unsubscribe?token=${randomBytes(32).toString('base64url')}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      error: 'not_found',
      message: expect.stringContaining('This unsubscribe link is not valid'),
    });
  });

  it('is rate limited per address: 20 a minute', async () => {
    // Its own app: the other tests' requests count against the same address.
    const limited = await buildTestApp();
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 21; attempt += 1) {
        const response = await limited.inject({
          method: 'POST',
          url: `/api/email/unsubscribe?token=guess-${attempt}`,
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 20).every((status) => status === 404)).toBe(true);
      expect(statuses[20]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe("the unsubscribe page in the family's language", () => {
  it('a Spanish family sees the page and its answer in Spanish, whatever the browser says', async () => {
    const family = await optedInFamily('es');
    const url = `/api/email/unsubscribe?token=${family.token}`;
    const page = await app.inject({
      method: 'GET',
      url,
      headers: { ...browser, 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="es">');
    expect(page.body).toContain('>¿Dejar de recibir el correo semanal?</h1>');
    expect(page.body).toContain('Ya no recibirás “Este fin de semana en familia” de FamJam.');
    expect(page.body).toContain('cursor: pointer;">Darme de baja del correo semanal</button>');
    expect(page.body).toContain('<a href="/profile">Abre tu configuración de FamJam</a>');
    expect(page.body).not.toMatch(/Unsubscribe from|weekly email|server\.email\./);
    expect(await weeklyEmailOf(family.userId)).toBe(true);

    const done = await app.inject({
      method: 'POST',
      url,
      headers: { ...browser, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('<html lang="es">');
    expect(done.body).toContain('>Listo, te diste de baja</h1>');
    expect(done.body).toContain('Puedes volver a activarlo cuando quieras en Perfil, en FamJam.');
    expect(await weeklyEmailOf(family.userId)).toBe(false);
  });

  it("a link no family holds answers in the browser's language", async () => {
    const page = await app.inject({
      method: 'GET',
      url: `/api/email/unsubscribe?token=${randomBytes(32).toString('base64url')}`,
      headers: { ...browser, 'accept-language': 'es-MX,es;q=0.9' },
    });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('<html lang="es">');
    expect(page.body).toContain('>Este enlace no funciona</h1>');
  });

  it('a family that chose nothing gets the English page, as its emails are', async () => {
    const family = await optedInFamily();
    const page = await app.inject({
      method: 'GET',
      url: `/api/email/unsubscribe?token=${family.token}`,
      headers: { ...browser, 'accept-language': 'es-MX,es;q=0.9' },
    });
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain(
      '<p>You will no longer get "This weekend for your family" from FamJam. Nothing else changes.</p>',
    );
  });
});
