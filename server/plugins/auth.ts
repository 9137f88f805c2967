import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type App, cert, deleteApp, initializeApp } from 'firebase-admin/app';
import { type Auth, getAuth } from 'firebase-admin/auth';
import type { FirebaseConfig } from '../config.ts';
import { errorCode } from '../errorInfo.ts';
import { messagesIn } from '../i18n.ts';
import type { Sentence } from '../services/errors.ts';
import type { AuthedUser, FamJamApp } from '../types.ts';
import { HttpError } from './errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Verifies the Firebase ID token in `Authorization: Bearer …` and sets `request.user`, or
     * answers 401. Routes do not call it: the authenticated scope (server/routes/scopes.ts) runs
     * it once for every route registered in it.
     */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /**
     * After `authenticate`: with a real Firebase project, also a verified email (else 403). For
     * the routes that hand out or claim the profile stored under the token's email.
     */
    requireVerifiedEmail(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /**
     * True when Firebase reports no account with this uid any more (deleted, or lost with an
     * emulator's data). False when it exists, and when Firebase cannot be asked: not knowing
     * must never hand someone else's record over.
     */
    firebaseAccountGone(uid: string): Promise<boolean>;
    /**
     * Deletes the Firebase account (the last step of 'Delete account'). An account that is
     * already gone counts as deleted, so a retry after a partial failure succeeds; any other
     * failure throws a 503 HttpError.
     */
    deleteFirebaseAccount(uid: string): Promise<void>;
  }
  interface FastifyRequest {
    /**
     * The verified caller. Set only on routes of the authenticated scope (null elsewhere), the
     * same convention as @fastify/jwt, so authenticated handlers need no null checks.
     */
    user: AuthedUser;
  }
}

/** Errors that mean "this token does not prove who you are", as opposed to an outage. */
const rejectedTokenCodes = new Set([
  'auth/argument-error',
  'auth/invalid-id-token',
  'auth/id-token-revoked',
  'auth/user-disabled',
  'auth/user-not-found',
]);

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

function initializeFirebaseAdmin(firebase: FirebaseConfig): App {
  // A uniquely named app per Fastify instance: tests build many apps in one process, and each
  // one deletes its own on close.
  const name = `famjam-${randomUUID()}`;
  if (firebase.mode === 'emulator') {
    // firebase-admin reads the emulator address from the environment only, so the checked
    // config is copied there; this is also what makes it accept the emulator's unsigned tokens.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = firebase.emulatorHost;
    return initializeApp({ projectId: firebase.projectId }, name);
  }
  if (process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    // loadConfig refuses this already; this guards a process whose env changed after loading.
    throw new Error(
      'FIREBASE_AUTH_EMULATOR_HOST is set while a real Firebase project is configured; refusing to trust unsigned tokens',
    );
  }
  return initializeApp(
    { projectId: firebase.projectId, credential: cert(firebase.serviceAccount) },
    name,
  );
}

/** The claims of a verified ID token that decide what it may reach. */
interface EmailClaims {
  email?: string;
  email_verified?: boolean;
}

/**
 * Why this token may not use the profile stored under its email, or null when it may.
 * With a real project an email counts only once its owner proved it (else anyone could sign up
 * with someone else's address and read their profile). The Auth emulator's email sign-up never
 * sets email_verified and has no inbox to verify from, so emulator mode accepts unverified
 * addresses; its tokens are unsigned and trusted only on loopback anyway.
 * A token without an email passes here: the routes refuse it with their own message.
 */
export function unverifiedEmailRefusal(
  mode: FirebaseConfig['mode'],
  claims: EmailClaims,
): string | null {
  return unverifiedEmailSentence(mode, claims)?.(messagesIn('en')) ?? null;
}

/** unverifiedEmailRefusal's sentence in any language (the API answers in the caller's). */
function unverifiedEmailSentence(
  mode: FirebaseConfig['mode'],
  claims: EmailClaims,
): Sentence | null {
  if (mode === 'emulator' || !claims.email || claims.email_verified === true) return null;
  const email = claims.email.toLowerCase();
  return (i18n) => i18n.t('server.error.auth.verifyEmail', { email });
}

async function verify(
  auth: Auth,
  firebase: FirebaseConfig,
  request: FastifyRequest,
): Promise<AuthedUser> {
  const token = bearerToken(request.headers.authorization);
  if (token === null) {
    throw new HttpError(
      401,
      'unauthorized',
      'Sign in first: this request needs an Authorization: Bearer <Firebase ID token> header.',
    );
  }
  try {
    // With a real project, also ask Firebase whether the token was revoked (password change,
    // "sign out everywhere", disabled account). The emulator's tokens are for local use only,
    // and the extra round trip would slow every test request.
    const decoded = await auth.verifyIdToken(token, firebase.mode === 'project');
    return {
      uid: decoded.uid,
      email: (decoded.email ?? '').toLowerCase(),
      emailVerified: decoded.email_verified === true,
      operatorClaim: decoded.operator === true,
    };
  } catch (error) {
    const code = errorCode(error);
    if (code === 'auth/id-token-expired') {
      throw new HttpError(401, 'unauthorized', (i18n) => i18n.t('server.error.auth.expired'));
    }
    if (rejectedTokenCodes.has(code)) {
      throw new HttpError(401, 'unauthorized', (i18n) => i18n.t('server.error.auth.invalidToken'));
    }
    // Google's key endpoint or the emulator is unreachable: not the caller's fault.
    request.log.error({ err: error }, 'could not verify a Firebase ID token');
    throw new HttpError(503, 'auth_unavailable', (i18n) => i18n.t('server.error.auth.unavailable'));
  }
}

export const authPlugin = fp(
  async (app: FamJamApp, options: { firebase: FirebaseConfig }) => {
    const firebaseApp = initializeFirebaseAdmin(options.firebase);
    const auth = getAuth(firebaseApp);
    app.decorateRequest('user');
    const { firebase } = options;
    app.decorate('authenticate', async (request: FastifyRequest) => {
      request.user = await verify(auth, firebase, request);
    });
    app.decorate('requireVerifiedEmail', async (request: FastifyRequest) => {
      const { email, emailVerified } = request.user;
      const refusal = unverifiedEmailSentence(
        firebase.mode,
        email === '' ? {} : { email, email_verified: emailVerified },
      );
      if (refusal !== null) throw new HttpError(403, 'email_not_verified', refusal);
    });
    app.decorate('firebaseAccountGone', async (uid: string) => {
      try {
        await auth.getUser(uid);
        return false;
      } catch (error) {
        if (errorCode(error) === 'auth/user-not-found') return true;
        app.log.error({ err: error }, 'could not look up a Firebase account');
        return false;
      }
    });
    app.decorate('deleteFirebaseAccount', async (uid: string) => {
      try {
        await auth.deleteUser(uid);
      } catch (error) {
        if (errorCode(error) === 'auth/user-not-found') return;
        app.log.error({ err: error }, 'could not delete a Firebase account');
        throw new HttpError(503, 'auth_unavailable', (i18n) =>
          i18n.t('server.error.auth.accountNotClosed'),
        );
      }
    });
    app.addHook('onClose', async () => {
      await deleteApp(firebaseApp);
    });
  },
  { name: 'famjam-auth', dependencies: ['famjam-errors'] },
);

/**
 * The OpenAPI security scheme of a Firebase ID token: the docs route declares it and the route
 * scopes name it (here, so neither route file imports the other).
 */
export const firebaseIdTokenScheme = 'firebaseIdToken';
