import { ApiError } from '../../contract/errors.ts';
import {
  CreateUserBody,
  EmailParams,
  UpdateUserBody,
  UserLookupQuery,
  UserRecord,
} from '../../contract/user.ts';
import { HttpError } from '../plugins/errors.ts';
import { findOwnUserByEmail, saveOwnUser, updateOwnUser } from '../services/users.ts';
import type { AuthedUser, FamJamApp } from '../types.ts';

/** A caller may only read or write the record of the email their token proves. */
function assertOwnEmail(user: AuthedUser, email: string, action: 'read' | 'create'): void {
  if (user.email === '') {
    throw new HttpError(403, 'forbidden', (i18n) => i18n.t('server.error.profile.noEmail'));
  }
  if (email.toLowerCase() !== user.email) {
    throw new HttpError(
      403,
      'forbidden',
      action === 'read'
        ? (i18n) => i18n.t('server.error.profile.otherEmail')
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
      throw new HttpError(404, 'not_found', (i18n) =>
        i18n.t('server.error.profile.noneForEmail', { email }),
      );
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
      // 201 when the record was created, 200 when an existing one was updated or taken over
      // from a deleted account (services/users.ts says when).
      const { user, created } = await saveOwnUser(
        app.db,
        request.user.uid,
        request.body,
        app.firebaseAccountGone,
      );
      return reply.code(created ? 201 : 200).send(user);
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
    async (request) => updateOwnUser(app.db, request.user.uid, request.body),
  );
}
