import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConflictError,
  InvalidInputError,
  NotFoundError,
  type ServiceError,
} from '../services/errors.ts';
import type { FamJamApp } from '../types.ts';
import { errorsPlugin, HttpError } from './errors.ts';

let app: FamJamApp;
/** What the next request's handler throws. */
let thrown: ServiceError | HttpError | Error;

beforeAll(async () => {
  app = Fastify().withTypeProvider<TypeBoxTypeProvider>();
  await app.register(errorsPlugin);
  const schema = {
    params: Type.Object({ id: Type.String() }),
    querystring: Type.Object({ near: Type.Optional(Type.String()) }),
    body: Type.Object({ date: Type.Optional(Type.String()) }),
  };
  app.post('/things/:id', { schema }, async () => {
    throw thrown;
  });
  const form = Type.Object(
    { name: Type.String({ minLength: 2 }), age: Type.Optional(Type.Integer({ minimum: 0 })) },
    { additionalProperties: false },
  );
  app.post('/forms', { schema: { body: form } }, async () => ({ ok: true }));
  await app.ready();
});

afterAll(async () => {
  await app?.close();
});

async function answerTo(error: ServiceError | HttpError | Error, acceptLanguage?: string) {
  thrown = error;
  const response = await app.inject({
    method: 'POST',
    url: '/things/42?near=Oakland',
    payload: { date: '2020-01-01' },
    headers: acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage },
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

describe('a service error as the API answers it', () => {
  it('names the field as data, and in the message where the request holds it', async () => {
    expect(
      await answerTo(new InvalidInputError('That day has passed.', { field: 'date' })),
    ).toEqual({
      status: 400,
      body: { error: 'bad_request', message: 'body/date: That day has passed.', field: 'date' },
    });
    expect(
      await answerTo(
        new InvalidInputError('No such place.', { code: 'unknown_location', field: 'near' }),
      ),
    ).toEqual({
      status: 400,
      body: {
        error: 'unknown_location',
        message: 'querystring/near: No such place.',
        field: 'near',
      },
    });
    expect(await answerTo(new NotFoundError('No thing here.', { field: 'id' }))).toEqual({
      status: 404,
      body: { error: 'not_found', message: 'params/id: No thing here.', field: 'id' },
    });
  });

  it('keeps the sentence alone for a field the request does not hold, a plain message, and without a field', async () => {
    expect(
      await answerTo(new InvalidInputError('The oldest age comes first.', { field: 'maxAge' })),
    ).toEqual({
      status: 400,
      body: { error: 'bad_request', message: 'The oldest age comes first.', field: 'maxAge' },
    });
    expect(
      await answerTo(
        new InvalidInputError('Give it a date.', { field: 'date', plainMessage: true }),
      ),
    ).toEqual({
      status: 400,
      body: { error: 'bad_request', message: 'Give it a date.', field: 'date' },
    });
    expect(
      await answerTo(new ConflictError('Already reviewed.', { code: 'already_reviewed' })),
    ).toEqual({ status: 409, body: { error: 'already_reviewed', message: 'Already reviewed.' } });
  });
});

describe("an error's sentence in the request's language", () => {
  const dayPassed = () =>
    new InvalidInputError((i18n) => i18n.t('server.error.suggestion.dayPassed'), {
      field: 'date',
    });

  it('answers a Spanish-speaking caller in Spanish, keeping the field prefix', async () => {
    expect(await answerTo(dayPassed(), 'es-MX,es;q=0.9,en;q=0.8')).toEqual({
      status: 400,
      body: {
        error: 'bad_request',
        message: 'body/date: Ese día ya pasó. Sugiere un evento que todavía no haya ocurrido.',
        field: 'date',
      },
    });
  });

  it('keeps the English sentence as it was for English and for no language at all', async () => {
    const english = {
      status: 400,
      body: {
        error: 'bad_request',
        message: 'body/date: That day has passed. Suggest an upcoming event.',
        field: 'date',
      },
    };
    expect(await answerTo(dayPassed(), 'en-US')).toEqual(english);
    expect(await answerTo(dayPassed())).toEqual(english);
    expect(await answerTo(dayPassed(), 'fr-FR')).toEqual(english);
    expect(dayPassed().message).toBe('That day has passed. Suggest an upcoming event.');
  });

  it("translates a sentence's values in place, and a route's HttpError as a service's", async () => {
    const tooMany = new ConflictError(
      (i18n) => i18n.t('server.error.watched.tooMany', { max: 20 }),
      { code: 'too_many_watched_searches' },
    );
    expect((await answerTo(tooMany, 'es')).body.message).toBe(
      'Puedes seguir hasta 20 búsquedas. Elimina una para agregar otra.',
    );
    const expired = new HttpError(401, 'unauthorized', (i18n) =>
      i18n.t('server.error.auth.expired'),
    );
    expect(await answerTo(expired, 'es')).toEqual({
      status: 401,
      body: { error: 'unauthorized', message: 'Tu sesión expiró. Vuelve a iniciar sesión.' },
    });
    expect((await answerTo(expired, 'en')).body.message).toBe(
      'Your sign-in has expired. Please sign in again.',
    );
  });

  it('leaves a plain sentence as written, and says an unexpected failure in the language', async () => {
    expect((await answerTo(new NotFoundError('No thing here.'), 'es')).body.message).toBe(
      'No thing here.',
    );
    expect(await answerTo(new Error('boom'), 'es')).toEqual({
      status: 500,
      body: { error: 'internal', message: 'Algo salió mal de nuestro lado.' },
    });
    expect((await answerTo(new Error('boom'))).body.message).toBe(
      'Something went wrong on our side.',
    );
  });
});

describe("a schema refusal in the request's language", () => {
  async function refusal(payload: object, acceptLanguage?: string) {
    const response = await app.inject({
      method: 'POST',
      url: '/forms',
      payload,
      headers: acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage },
    });
    expect(response.statusCode).toBe(400);
    return response.json<Record<string, unknown>>();
  }

  it('names the same input in Spanish words, and keeps the English as Ajv words it', async () => {
    const cases: [object, string, string][] = [
      [{}, 'body/name is required', 'body/name es un campo obligatorio'],
      [
        { name: 'Ana', nickname: 'A' },
        'body/nickname is not an accepted field',
        'body/nickname no es un campo aceptado',
      ],
      [{ name: 7 }, 'body/name must be string', 'body/name debe ser de tipo string'],
      [
        { name: 'A' },
        'body/name must NOT have fewer than 2 characters',
        'body/name debe tener al menos 2 caracteres',
      ],
      [{ name: 'Ana', age: -1 }, 'body/age must be >= 0', 'body/age debe ser >= 0'],
    ];
    for (const [payload, english, spanish] of cases) {
      const field = (await refusal(payload)).field;
      expect(await refusal(payload)).toEqual({ error: 'bad_request', message: english, field });
      expect(await refusal(payload, 'en-US')).toEqual({
        error: 'bad_request',
        message: english,
        field,
      });
      expect(await refusal(payload, 'es-419,es;q=0.9')).toEqual({
        error: 'bad_request',
        message: spanish,
        field,
      });
    }
  });
});
