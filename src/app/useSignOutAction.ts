import { i18n } from '../i18n/appCatalog.ts';
import { useAlert } from '../ui/index.ts';
import { useAuth } from './auth.tsx';

/** Sign Out as the avatar menu and the profile offer it: a failure is said, not thrown. */
export function useSignOutAction(): () => Promise<void> {
  const { signOut } = useAuth();
  const showAlert = useAlert();
  return async () => {
    try {
      await signOut();
    } catch {
      // Already logged by the auth provider; the person only needs to know it did not work.
      // docs/product.md#spec-8: what a failed sign-out says.
      showAlert(i18n.t('app.signOut.failed'));
    }
  };
}
