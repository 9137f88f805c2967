import { useAuth } from '../../app/auth.tsx';
import { useAlert } from '../../ui/index.ts';

/** docs/product.md#spec-8: what a failed sign-out says. */
const SIGN_OUT_FAILED = 'Sign-out failed. Please try again.';

/** Sign Out as the avatar menu and the profile offer it: a failure is said, not thrown. */
export function useSignOutAction(): () => Promise<void> {
  const { signOut } = useAuth();
  const showAlert = useAlert();
  return async () => {
    try {
      await signOut();
    } catch {
      // Already logged by the auth provider; the person only needs to know it did not work.
      showAlert(SIGN_OUT_FAILED);
    }
  };
}
