import type { ReactNode } from 'react';
import { useAuth } from '../../app/auth.tsx';
import { BottomNav } from './BottomNav.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import * as styles from './shell.css.ts';

export interface AppShellProps {
  children: ReactNode;
  /** Full-width notice under the header (the offline banner). */
  banner?: ReactNode;
}

/**
 * Header, main landmark, footer and, for signed-in users, the bottom navigation. Signed-out
 * visitors (legal pages) get the same header with a sign-in icon and no bottom navigation.
 * Its menus navigate through the AriaRouterProvider that AppProviders mounts above every route.
 */
export function AppShell({ children, banner }: AppShellProps) {
  const { user } = useAuth();
  return (
    <div className={styles.shell}>
      <a href="#main-content" className={styles.skipLink}>
        Skip to main content
      </a>
      <Header />
      {banner}
      <main id="main-content" tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <Footer />
      {user ? <BottomNav /> : null}
    </div>
  );
}
