import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';

/**
 * The Fastify instance every plugin and route receives. Carrying the TypeBox type provider in
 * the type means route handlers get `request.body`/`params` typed from their schemas.
 */
export type FamJamApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** The caller proven by a verified Firebase ID token (set by `app.authenticate`). */
export interface AuthedUser {
  uid: string;
  /** Lower-cased; empty when the account has no email (phone or anonymous sign-in). */
  email: string;
  /** The token's email_verified claim (false when absent). */
  emailVerified: boolean;
  /** The custom claim `operator: true` (server/plugins/operator.ts); false when absent. */
  operatorClaim: boolean;
}
