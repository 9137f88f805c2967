import { i18n } from './messages.ts';

/**
 * docs/product.md#spec-8: an email sign-in or sign-up failure alerts "the provider's message". Firebase's
 * own messages read "Firebase: Error (auth/invalid-credential).", so the common codes are put in
 * words a person can act on; anything else gets the spec's fallback.
 */
const authFailedFallback = () => i18n.t('auth.error.failed');

const wrongCredentials = () => i18n.t('auth.error.wrongCredentials');

/** Read when the error is shown, in the language in use then. */
const friendlyMessages: Record<string, () => string> = {
  'auth/invalid-credential': wrongCredentials,
  // Projects without email-enumeration protection (and the Auth emulator) still use these two.
  'auth/user-not-found': wrongCredentials,
  'auth/wrong-password': wrongCredentials,
  'auth/invalid-login-credentials': wrongCredentials,
  'auth/email-already-in-use': () => i18n.t('auth.error.emailInUse'),
  'auth/weak-password': () => i18n.t('auth.error.weakPassword'),
  'auth/invalid-email': () => i18n.t('auth.error.invalidEmail'),
  'auth/missing-password': () => i18n.t('auth.error.missingPassword'),
  'auth/user-disabled': () => i18n.t('auth.error.userDisabled'),
  'auth/too-many-requests': () => i18n.t('auth.error.tooManyRequests'),
  'auth/network-request-failed': () => i18n.t('auth.error.unreachable'),
};

function errorCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  return typeof error.code === 'string' ? error.code : null;
}

export function friendlyAuthError(error: unknown): string {
  const code = errorCode(error);
  const friendly = code ? friendlyMessages[code] : undefined;
  return friendly ? friendly() : authFailedFallback();
}

/**
 * Firebase's codes for a sign-in that never reached Google: a request that failed, or the
 * popup's helper frame that never loaded (it reports a timeout).
 */
const networkFailureCodes = new Set(['auth/network-request-failed', 'auth/timeout']);

/**
 * What to alert when Google sign-in fails, or null when there is nothing to say: closing or
 * replacing the popup is the user's choice. A blocked popup is the browser's doing, which the user
 * can fix, so it gets its own advice; so does a network failure (or any failure while the
 * browser says it is offline), which is not the Firebase project's fault. Every other failure
 * gets the spec's text (docs/product.md#spec-8).
 */
export function googleSignInErrorMessage(
  error: unknown,
  online: boolean = typeof navigator === 'undefined' || navigator.onLine,
): string | null {
  const code = errorCode(error);
  if (code === 'auth/popup-closed-by-user' || code === 'auth/cancelled-popup-request') return null;
  if (code === 'auth/popup-blocked') return i18n.t('auth.error.popupBlocked');
  if ((code !== null && networkFailureCodes.has(code)) || !online) {
    return i18n.t('auth.error.googleUnreachable');
  }
  return i18n.t('auth.error.googleFailed');
}

export function comingSoonMessage(provider: string): string {
  return i18n.t('auth.comingSoon', { provider });
}
