import { describe, expect, it } from 'vitest';
import { googleSignInErrorMessage } from './authErrors.ts';

/** An error shaped as Firebase Auth throws them: a code and Firebase's own message. */
const firebaseError = (code: string) =>
  Object.assign(new Error(`Firebase: Error (${code}).`), { code });

const unreachable =
  'Sign-in failed. Google could not be reached: check your internet connection and try again.';

describe('googleSignInErrorMessage', () => {
  it('says Google could not be reached when the network failed, not that the project is wrong', () => {
    expect(googleSignInErrorMessage(firebaseError('auth/network-request-failed'), true)).toBe(
      unreachable,
    );
    // The popup's helper frame that never loaded.
    expect(googleSignInErrorMessage(firebaseError('auth/timeout'), true)).toBe(unreachable);
    // Whatever the code, while the browser says it is offline.
    expect(googleSignInErrorMessage(firebaseError('auth/internal-error'), false)).toBe(unreachable);
  });

  it("keeps the spec's text for other failures, and says nothing when the user closed the popup", () => {
    expect(googleSignInErrorMessage(firebaseError('auth/operation-not-allowed'), true)).toBe(
      'Sign-in failed. Please check that Google authentication is enabled in your Firebase project.',
    );
    expect(googleSignInErrorMessage(firebaseError('auth/popup-closed-by-user'), false)).toBeNull();
    expect(googleSignInErrorMessage(firebaseError('auth/popup-blocked'), true)).toBe(
      'Your browser blocked the sign-in window. Allow pop-ups for this site and try again.',
    );
  });
});
