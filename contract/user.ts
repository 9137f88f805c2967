import { type Static, Type } from '@sinclair/typebox';

/** Body of `POST /api/users` (SPEC section 7). familySituation is the comma-joined group ids. */
export const CreateUserBody = Type.Object(
  {
    email: Type.String({ format: 'email', minLength: 3, maxLength: 254 }),
    // At least one non-space character: '   ' would be stored as an empty name after trimming.
    name: Type.String({ minLength: 1, maxLength: 120, pattern: '\\S' }),
    familySituation: Type.String({ maxLength: 200 }),
    musicPreferences: Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: 30 }),
    location: Type.String({ maxLength: 200 }),
  },
  { additionalProperties: false },
);
export type CreateUserBody = Static<typeof CreateUserBody>;

/** A user record as the API returns it. */
export const UserRecord = Type.Object({
  id: Type.String(),
  email: Type.String(),
  name: Type.String(),
  familySituation: Type.String(),
  musicPreferences: Type.Array(Type.String()),
  location: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type UserRecord = Static<typeof UserRecord>;

export const EmailParams = Type.Object({
  email: Type.String({ minLength: 3, maxLength: 254 }),
});
export type EmailParams = Static<typeof EmailParams>;
