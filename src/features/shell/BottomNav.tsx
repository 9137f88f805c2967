import { Link } from '@tanstack/react-router';
import { homeFiltersToReturnTo } from '../../app/searchParams.ts';
import { Box, Icon, type IconName } from '../../ui/index.ts';
import { i18n } from './messages.ts';
import * as styles from './shell.css.ts';

// Labels are read as the bar renders, in the language then in use.
const destinations = [
  { to: '/', label: () => i18n.t('shell.nav.home'), icon: 'home', exact: true },
  { to: '/search', label: () => i18n.t('shell.nav.search'), icon: 'search', exact: false },
  { to: '/saved', label: () => i18n.t('shell.nav.saved'), icon: 'heart', exact: false },
  { to: '/profile', label: () => i18n.t('shell.nav.profile'), icon: 'user', exact: false },
] as const satisfies ReadonlyArray<{
  to: string;
  label: () => string;
  icon: IconName;
  exact: boolean;
}>;

/** docs/product.md#spec-2-shell: Home, Search, Saved, Profile. The router marks the current one aria-current="page". */
export function BottomNav() {
  return (
    <>
      {/* Keeps the last of the page clear of the fixed bar. */}
      <div className={styles.bottomNavSpacer} aria-hidden="true" />
      <nav className={styles.bottomNav} aria-label={i18n.t('shell.nav.label')}>
        <ul className={styles.bottomNavList}>
          {destinations.map(({ to, label, icon, exact }) => (
            <Box as="li" key={to} display="flex">
              <Link
                to={to}
                // Home as it was left (its date chip, 'Fits my family'), read when the link is
                // followed; the others start afresh.
                search={to === '/' ? () => homeFiltersToReturnTo() : {}}
                className={styles.bottomNavLink}
                activeOptions={{ exact, includeSearch: false }}
              >
                <span className={styles.bottomNavIcon}>
                  <Icon name={icon} size={22} />
                </span>
                {label()}
              </Link>
            </Box>
          ))}
        </ul>
      </nav>
    </>
  );
}
