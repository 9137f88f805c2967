import { type Static, Type } from '@sinclair/typebox';

/** Every API error body: a stable machine code and a sentence a person can read. */
export const ApiError = Type.Object({
  error: Type.String({ description: 'machine-readable code, e.g. "bad_request"' }),
  message: Type.String({ description: 'human-readable explanation naming the offending input' }),
});
export type ApiError = Static<typeof ApiError>;
