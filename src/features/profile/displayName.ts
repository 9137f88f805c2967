import { useAppState } from '../../app/appState.tsx';
import { useAuth } from '../../app/auth.tsx';

/**
 * docs/product.md#spec-2-profile: the identity's display name, else the name stored with the profile (an
 * email account has no display name), else null: the profile then says 'FamJam Explorer'.
 */
export function useDisplayName(): string | null {
  const identityName = useAuth().user?.displayName;
  const storedName = useAppState((state) => state.currentUser?.name);
  return identityName || storedName || null;
}
