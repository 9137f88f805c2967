import { Link } from '@tanstack/react-router';
import { PRODUCT_NAME } from '../../domain/constants.ts';
import { Box } from '../../ui/Box.tsx';
import { bareList } from '../../ui/surfaces.css.ts';
import { i18n } from './messages.ts';
import * as styles from './shell.css.ts';

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <nav aria-label={i18n.t('shell.footer.legal')}>
          <Box as="ul" display="flex" gap="2" className={bareList}>
            <li>
              <Link to="/privacy-policy" className={styles.footerLink}>
                {i18n.t('shell.footer.privacy')}
              </Link>
            </li>
            <li>
              <Link to="/terms-of-service" className={styles.footerLink}>
                {i18n.t('shell.footer.terms')}
              </Link>
            </li>
          </Box>
        </nav>
        <p className={styles.copyright}>
          {i18n.t('shell.footer.copyright', {
            year: String(new Date().getFullYear()),
            product: PRODUCT_NAME,
          })}
        </p>
      </div>
    </footer>
  );
}
