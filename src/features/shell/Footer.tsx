import { Link } from '@tanstack/react-router';
import { PRODUCT_NAME } from '../../domain/constants.ts';
import { Box } from '../../ui/Box.tsx';
import { bareList } from '../../ui/surfaces.css.ts';
import * as styles from './shell.css.ts';

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <nav aria-label="Legal">
          <Box as="ul" display="flex" gap="2" className={bareList}>
            <li>
              <Link to="/privacy-policy" className={styles.footerLink}>
                Privacy
              </Link>
            </li>
            <li>
              <Link to="/terms-of-service" className={styles.footerLink}>
                Terms
              </Link>
            </li>
          </Box>
        </nav>
        <p className={styles.copyright}>
          © {new Date().getFullYear()} {PRODUCT_NAME}. Made for families who love to get out.
        </p>
      </div>
    </footer>
  );
}
