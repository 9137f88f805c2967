import { HTTPError } from '../../api/client.ts';
import { loadFirebase } from '../../app/firebaseLoader.ts';
import { i18n } from './messages.ts';

/*
 * With a real Firebase project the users API serves only a proven address (server/plugins/auth.ts
 * answers 403 email_not_verified). Onboarding's "check your inbox" step uses these two calls; the
 * Auth emulator used by default and in tests marks nothing unverified, so they run only there.
 */

/** Whether a failed call is the API's refusal of an unverified address. */
export function isEmailNotVerified(error: unknown): boolean {
  return (
    error instanceof HTTPError &&
    error.response.status === 403 &&
    error.message.includes('email_not_verified')
  );
}

/** 'Resend email': another verification link to the signed-in account's address. */
export async function resendVerificationEmail(): Promise<void> {
  const firebase = await loadFirebase();
  const user = firebase.getFirebaseAuth().currentUser;
  if (!user) throw new Error(i18n.t('onboarding.verifyEmail.signInAgain'));
  await firebase.sendEmailVerification(user);
}

/**
 * "I've verified it": reloads the Firebase user (the link was opened elsewhere, so this page's copy
 * is stale) and, once verified, forces a new ID token: the old one still says unverified.
 */
export async function confirmEmailVerified(): Promise<boolean> {
  const firebase = await loadFirebase();
  const user = firebase.getFirebaseAuth().currentUser;
  if (!user) return false;
  await firebase.reload(user);
  if (!user.emailVerified) return false;
  await user.getIdToken(true);
  return true;
}
