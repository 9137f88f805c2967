import { lazy, type ReactNode, Suspense } from 'react';
import { useAuth } from '../../app/auth.tsx';
import { BottomNav } from './BottomNav.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { i18n } from './messages.ts';
import * as styles from './shell.css.ts';

// Not on the first-load path: fetched just after the first paint, while the network is there.
const OfflineBanner = lazy(() => import('./OfflineBanner.tsx'));

interface AppShellProps {
  children: ReactNode;
  /** Full-width notice under the header; signed in, the offline banner by default. */
  banner?: ReactNode;
  /**
   * A flow to finish first (onboarding, the route's staticData.focusedFlow): no bottom
   * navigation and no Family Safe switch to wander off through.
   */
  focused?: boolean;
}

/**
 * Header, main landmark, footer and, for signed-in users, the bottom navigation. Signed-out
 * visitors (legal pages) get the same header with a sign-in icon and no bottom navigation.
 * Its menus navigate through the AriaRouterProvider that AppProviders mounts above every route.
 */
export function AppShell({ children, banner, focused = false }: AppShellProps) {
  const { user } = useAuth();
  return (
    <div className={styles.shell}>
      <a href="#main-content" className={styles.skipLink}>
        {i18n.t('shell.skipLink')}
      </a>
      <Header focused={focused} />
      {banner ??
        (user ? (
          <Suspense fallback={null}>
            <OfflineBanner />
          </Suspense>
        ) : null)}
      <main id="main-content" tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <Footer />
      {user && !focused ? <BottomNav /> : null}
    </div>
  );
}
