import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.ts';
import type { AuthedUser, FamJamApp } from '../types.ts';
import { unverifiedEmailRefusal } from './auth.ts';
import { HttpError } from './errors.ts';

/*
 * Who is an operator (docs/suggestions.md): an account whose email is named in
 * FAMJAM_OPERATOR_EMAILS and verified, or one carrying the Firebase custom claim
 * `operator: true` (set with the Admin SDK's setCustomUserClaims).
 */

/** The message every non-operator gets from an operator route, with 403. */
export const OPERATORS_ONLY_MESSAGE =
  'Only FamJam operators may do this. Ask the person who runs this FamJam to add your verified email to FAMJAM_OPERATOR_EMAILS, or to give your account the operator claim.';

/**
 * True when the verified caller may use the operator routes. An email counts only when it is
 * verified, by the same rule the profile routes use (unverifiedEmailRefusal): with a real
 * Firebase project the token must say email_verified; the Auth emulator, which has no inbox to
 * verify from and whose tokens are trusted on loopback only, counts every email as verified.
 */
export function isOperator(
  config: Pick<ServerConfig, 'operatorEmails' | 'firebase'>,
  user: AuthedUser,
): boolean {
  if (user.operatorClaim) return true;
  if (user.email === '' || !config.operatorEmails.includes(user.email)) return false;
  return (
    unverifiedEmailRefusal(config.firebase.mode, {
      email: user.email,
      email_verified: user.emailVerified,
    }) === null
  );
}

/** Whether this request's caller (already authenticated) is an operator. */
export function requestIsOperator(app: FamJamApp, request: FastifyRequest): boolean {
  return isOperator(app.config, request.user);
}

/**
 * Refuses every route registered in this (encapsulated) scope to all but operators, with 403
 * and a JSON message. Must be called inside the authenticated scope: its preParsing hook runs
 * after the scope's, so a caller without a token has had its 401 already, and a non-operator's
 * body is never read.
 */
export function guardOperatorRoutes(app: FamJamApp): void {
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (!requestIsOperator(app, request)) {
      throw new HttpError(403, 'forbidden', OPERATORS_ONLY_MESSAGE);
    }
    return payload;
  });
}
