/**
 * docs/product.md#spec-8: an email sign-in or sign-up failure alerts "the provider's message". Firebase's
 * own messages read "Firebase: Error (auth/invalid-credential).", so the common codes are put in
 * words a person can act on; anything else gets the spec's fallback.
 */
const AUTH_FAILED_FALLBACK = 'Authentication failed. Please try again.';

const wrongCredentials =
  "That email and password don't match an account. Check them and try again, or create an account.";

const friendlyMessages: Record<string, string> = {
  'auth/invalid-credential': wrongCredentials,
  // Projects without email-enumeration protection (and the Auth emulator) still use these two.
  'auth/user-not-found': wrongCredentials,
  'auth/wrong-password': wrongCredentials,
  'auth/invalid-login-credentials': wrongCredentials,
  'auth/email-already-in-use':
    'An account with this email already exists. Sign in instead, or use another email.',
  'auth/weak-password': 'That password is too weak. Use at least 6 characters.',
  'auth/invalid-email': "That email address doesn't look right. Check it and try again.",
  'auth/missing-password': 'Please enter your password.',
  'auth/user-disabled': 'This account has been disabled. Please contact support.',
  'auth/too-many-requests':
    'Too many attempts. Please wait a few minutes before trying again, or reset your password.',
  'auth/network-request-failed':
    "We couldn't reach the sign-in service. Check your internet connection and try again.",
};

function errorCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  return typeof error.code === 'string' ? error.code : null;
}

export function friendlyAuthError(error: unknown): string {
  const code = errorCode(error);
  return (code && friendlyMessages[code]) || AUTH_FAILED_FALLBACK;
}

const GOOGLE_SIGN_IN_FAILED =
  'Sign-in failed. Please check that Google authentication is enabled in your Firebase project.';

const POPUP_BLOCKED =
  'Your browser blocked the sign-in window. Allow pop-ups for this site and try again.';

const GOOGLE_UNREACHABLE =
  'Sign-in failed. Google could not be reached: check your internet connection and try again.';

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
  if (code === 'auth/popup-blocked') return POPUP_BLOCKED;
  if ((code !== null && networkFailureCodes.has(code)) || !online) return GOOGLE_UNREACHABLE;
  return GOOGLE_SIGN_IN_FAILED;
}

export function comingSoonMessage(provider: string): string {
  return `${provider} authentication coming soon! For now, please use Google sign-in.`;
}
