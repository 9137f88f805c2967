import { type Static, Type } from '@sinclair/typebox';

/** Every API error body: a stable machine code and a sentence a person can read. */
export const ApiError = Type.Object({
  error: Type.String({ description: 'machine-readable code, e.g. "bad_request"' }),
  message: Type.String({ description: 'human-readable explanation naming the offending input' }),
  field: Type.Optional(
    Type.String({
      description:
        'the request field the error is about (a body property such as "place"), when there is one: a form marks it without reading the sentence',
    }),
  ),
});
export type ApiError = Static<typeof ApiError>;
