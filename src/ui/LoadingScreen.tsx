import { i18n } from '../i18n/appCatalog.ts';
import { LogoMark } from './Logo.tsx';
import * as styles from './logo.css.ts';
import { Spinner } from './Spinner.tsx';

/**
 * docs/product.md#spec-2-routing-gate: spinner and 'Loading...' while auth or the user lookup loads. A whole page
 * of its own (main landmark and h1), shown instead of the shell, never inside it.
 */
export function LoadingScreen() {
  return (
    <main className={styles.loadingScreen}>
      <div role="status" className={styles.loadingStatus}>
        <LogoMark size={64} />
        <Spinner size={32} />
        <h1 className={styles.loadingText}>{i18n.t('app.loading')}</h1>
      </div>
    </main>
  );
}
