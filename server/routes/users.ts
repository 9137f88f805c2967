import { ApiError } from '../../contract/errors.ts';
import {
  CreateUserBody,
  EmailParams,
  UpdateUserBody,
  UserLookupQuery,
  UserRecord,
} from '../../contract/user.ts';
import { HttpError } from '../plugins/errors.ts';
import {
  claimUserOfGoneAccount,
  EmailTakenError,
  findOwnUserByEmail,
  updateOwnUser,
  upsertOwnUser,
} from '../services/users.ts';
import type { AuthedUser, FamJamApp } from '../types.ts';

/** A caller may only read or write the record of the email their token proves. */
function assertOwnEmail(user: AuthedUser, email: string, action: 'read' | 'create'): void {
  if (user.email === '') {
    throw new HttpError(
      403,
      'forbidden',
      'Your sign-in has no email address, and FamJam profiles are tied to one.',
    );
  }
  if (email.toLowerCase() !== user.email) {
    throw new HttpError(
      403,
      'forbidden',
      action === 'read'
        ? 'You can only look up the profile of the email you are signed in with.'
        : 'body/email must be the email you are signed in with.',
    );
  }
}

export async function userRoutes(app: FamJamApp): Promise<void> {
  app.get(
    '/users/by-email/:email',
    {
      // The scope has verified the token already (server/routes/scopes.ts).
      preValidation: app.requireVerifiedEmail,
      schema: {
        operationId: 'getUserByEmail',
        summary: "The caller's own profile, by the email the token proves",
        params: EmailParams,
        querystring: UserLookupQuery,
        response: {
          200: UserRecord,
          204: { description: 'No record yet, asked with ifMissing=204', type: 'null' },
          '4xx': ApiError,
        },
      },
    },
    async (request, reply) => {
      const email = request.params.email.toLowerCase();
      assertOwnEmail(request.user, email, 'read');
      const user = await findOwnUserByEmail(app.db, request.user.uid, email);
      if (user) return user;
      if (request.query.ifMissing === '204') return reply.code(204).send(null);
      throw new HttpError(404, 'not_found', `No FamJam profile exists for ${email} yet.`);
    },
  );

  app.post(
    '/users',
    {
      preValidation: app.requireVerifiedEmail,
      schema: {
        operationId: 'createUser',
        summary: "Create or update the caller's profile",
        description:
          '201 when created, 200 when the account already had one (or took over the record of a deleted account with the same email, whose saved list is then emptied).',
        body: CreateUserBody,
        response: { 200: UserRecord, 201: UserRecord, '4xx': ApiError },
      },
    },
    async (request, reply) => {
      assertOwnEmail(request.user, request.body.email, 'create');
      try {
        // A second POST for the same account is an idempotent update, not a 409: the client
        // may retry onboarding after a lost response, and must end with its record either way.
        // 201 when the record was created, 200 when an existing one was updated.
        const { user, created } = await upsertOwnUser(app.db, request.user.uid, request.body);
        return reply.code(created ? 201 : 200).send(user);
      } catch (error) {
        if (error instanceof EmailTakenError) {
          // The record's account may be gone for good (deleted, or emulator accounts lost with
          // .data/auth) while the person signs up again with the same address. Then nobody
          // else can ever use the record: hand it to the new account (200: it existed). While
          // the old account exists it stays theirs.
          const { ownerUid } = error;
          if (ownerUid !== null && (await app.firebaseAccountGone(ownerUid))) {
            const claimed = await claimUserOfGoneAccount(
              app.db,
              ownerUid,
              request.user.uid,
              request.body,
            );
            if (claimed) return reply.code(200).send(claimed);
          }
          throw new HttpError(
            409,
            'conflict',
            'Another FamJam account already uses this email address.',
          );
        }
        throw error;
      }
    },
  );

  app.put(
    '/users/me',
    {
      // Same rule as the create: with a real project only a proven address edits its profile.
      preValidation: app.requireVerifiedEmail,
      schema: {
        operationId: 'updateOwnUser',
        summary: "Replace the caller's profile ('Edit preferences')",
        description:
          'The create body without the email, validated by the same rules. Only the record of the account the token proves; 404 before onboarding created it.',
        tags: ['users'],
        body: UpdateUserBody,
        response: { 200: UserRecord, '4xx': ApiError },
      },
    },
    async (request) => {
      const user = await updateOwnUser(app.db, request.user.uid, request.body);
      if (!user) {
        throw new HttpError(
          404,
          'not_found',
          'No FamJam profile for this account yet. Finish onboarding to create it.',
        );
      }
      return user;
    },
  );
}
