import { LinkButton } from '../../ui/index.ts';
import * as styles from '../../ui/page.css.ts';

/** docs/product.md#spec-2-route-table: any other path, signed in. */
export function NotFound() {
  return (
    <section className={styles.centeredPage} aria-labelledby="not-found-title">
      <div className={styles.illustration} aria-hidden="true">
        <span className={styles.bigNumber}>404</span>
      </div>
      <h1 id="not-found-title" className={styles.pageTitle}>
        404 Page Not Found
      </h1>
      <p className={styles.pageLead}>Did you forget to add the page to the router?</p>
      <LinkButton to="/" icon="home" size="lg">
        Go Home
      </LinkButton>
    </section>
  );
}
