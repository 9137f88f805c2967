import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type App, cert, deleteApp, initializeApp } from 'firebase-admin/app';
import { type Auth, getAuth } from 'firebase-admin/auth';
import type { FirebaseConfig } from '../config.ts';
import type { AuthedUser, FamJamApp } from '../types.ts';
import { HttpError } from './errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * preHandler for every route that touches user data: verifies the Firebase ID token in
     * `Authorization: Bearer …` and sets `request.user`, or answers 401.
     */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
  interface FastifyRequest {
    /**
     * The verified caller. Set only on routes behind `app.authenticate` (null elsewhere), the
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

function errorCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
}

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

async function verify(auth: Auth, request: FastifyRequest): Promise<AuthedUser> {
  const token = bearerToken(request.headers.authorization);
  if (token === null) {
    throw new HttpError(
      401,
      'unauthorized',
      'Sign in first: this request needs an Authorization: Bearer <Firebase ID token> header.',
    );
  }
  try {
    const decoded = await auth.verifyIdToken(token);
    return { uid: decoded.uid, email: (decoded.email ?? '').toLowerCase() };
  } catch (error) {
    const code = errorCode(error);
    if (code === 'auth/id-token-expired') {
      throw new HttpError(401, 'unauthorized', 'Your sign-in has expired. Please sign in again.');
    }
    if (rejectedTokenCodes.has(code)) {
      throw new HttpError(
        401,
        'unauthorized',
        'Your sign-in token is not valid. Please sign in again.',
      );
    }
    // Google's key endpoint or the emulator is unreachable: not the caller's fault.
    request.log.error({ err: error }, 'could not verify a Firebase ID token');
    throw new HttpError(
      503,
      'auth_unavailable',
      'We could not check your sign-in right now. Please try again in a moment.',
    );
  }
}

export const authPlugin = fp(
  async (app: FamJamApp, options: { firebase: FirebaseConfig }) => {
    const firebaseApp = initializeFirebaseAdmin(options.firebase);
    const auth = getAuth(firebaseApp);
    app.decorateRequest('user');
    app.decorate('authenticate', async (request: FastifyRequest) => {
      request.user = await verify(auth, request);
    });
    app.addHook('onClose', async () => {
      await deleteApp(firebaseApp);
    });
  },
  { name: 'famjam-auth', dependencies: ['famjam-errors'] },
);
