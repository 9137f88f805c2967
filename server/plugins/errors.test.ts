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
import { errorsPlugin } from './errors.ts';

let app: FamJamApp;
/** What the next request's handler throws. */
let thrown: ServiceError;

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
  await app.ready();
});

afterAll(async () => {
  await app?.close();
});

async function answerTo(error: ServiceError) {
  thrown = error;
  const response = await app.inject({
    method: 'POST',
    url: '/things/42?near=Oakland',
    payload: { date: '2020-01-01' },
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
