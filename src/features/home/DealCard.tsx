import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { Deal } from '../../domain/deals.ts';
import { visuallyHidden as visuallyHiddenText } from '../../styles/utilities.css.ts';
import { Badge, Inline } from '../../ui/index.ts';
import * as styles from './dealCard.css.ts';
import { i18n } from './messages.ts';

/** The app's own stand-in when a deal's image does not load (docs/product.md#spec-8-empty-states). */
const DEAL_FALLBACK_IMAGE = '/images/categories/deals.svg';

/** One 'Family Deals' entry; the card opens the event the deal is for. */
export function DealCard({ deal }: { deal: Deal }) {
  const [imageFailed, setImageFailed] = useState(false);
  return (
    <article className={styles.card} aria-labelledby={`deal-${deal.id}-title`}>
      <img
        className={styles.image}
        src={imageFailed || deal.imageUrl === '' ? DEAL_FALLBACK_IMAGE : deal.imageUrl}
        alt=""
        loading="lazy"
        onError={() => setImageFailed(true)}
      />
      <div className={styles.body}>
        <h3 id={`deal-${deal.id}-title`} className={styles.title}>
          <Link to="/event/$id" params={{ id: deal.id }} className={styles.link}>
            {deal.title}
          </Link>
        </h3>
        <p className={styles.venue}>{deal.venue}</p>
        <Inline as="p" space="2" align="baseline">
          <span className={styles.dealPrice}>${deal.dealPrice}</span>
          <span className={styles.originalPrice}>
            <span className={visuallyHiddenText}>{i18n.t('home.deal.was')}</span>$
            {deal.originalPrice}
          </span>
          <Badge tone="danger">{i18n.t('home.deal.off', { discount: deal.discount })}</Badge>
        </Inline>
        <p className={styles.footer}>
          <span>{deal.timeLeft}</span>
          <span>{i18n.t('home.deal.source', { source: deal.source })}</span>
        </p>
      </div>
    </article>
  );
}
