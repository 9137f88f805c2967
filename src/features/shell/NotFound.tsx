import { LinkButton } from '../../ui/index.ts';
import * as styles from '../../ui/page.css.ts';
import { i18n } from './messages.ts';

/** docs/product.md#spec-2-route-table: any other path, signed in. */
export function NotFound() {
  return (
    <section className={styles.centeredPage} aria-labelledby="not-found-title">
      <div className={styles.illustration} aria-hidden="true">
        <span className={styles.bigNumber}>404</span>
      </div>
      <h1 id="not-found-title" className={styles.pageTitle}>
        {i18n.t('shell.notFound.title')}
      </h1>
      <p className={styles.pageLead}>{i18n.t('shell.notFound.lead')}</p>
      <LinkButton to="/" icon="home" size="lg">
        {i18n.t('shell.notFound.goHome')}
      </LinkButton>
    </section>
  );
}
