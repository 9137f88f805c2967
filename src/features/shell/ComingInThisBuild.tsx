import { useRouterState } from '@tanstack/react-router';
import { Icon, LinkButton } from '../../ui/index.ts';
import * as styles from '../../ui/page.css.ts';

/** Placeholder for screens a later issue of this build delivers; the route is real already. */
export function ComingInThisBuild({ title }: { title: string }) {
  const onHome = useRouterState({ select: (state) => state.location.pathname === '/' });
  return (
    <section className={styles.centeredPage} aria-labelledby="coming-title">
      <div className={styles.illustration} aria-hidden="true">
        <Icon name="sparkles" size={52} />
      </div>
      <h1 id="coming-title" className={styles.pageTitle}>
        {title}
      </h1>
      <p className={styles.pageLead}>This screen is coming in this build.</p>
      {onHome ? null : (
        <LinkButton to="/" variant="outline" icon="home">
          Back to Home
        </LinkButton>
      )}
    </section>
  );
}
