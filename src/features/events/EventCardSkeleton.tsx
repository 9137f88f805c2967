import { Skeleton } from '../../ui/index.ts';
import * as styles from './eventCard.css.ts';

/**
 * An event card's outline while its list loads: the same box as the real card (image ratio,
 * three text lines, the price row), so nothing jumps when the events arrive. Hidden from
 * assistive technology; the list says "Loading events" once instead.
 */
export function EventCardSkeleton() {
  return (
    <div className={styles.card} aria-hidden="true">
      <div className={styles.media} />
      <div className={styles.body}>
        <Skeleton width="40%" height={14} />
        <Skeleton width="85%" height={20} />
        <Skeleton width="60%" height={14} />
        <Skeleton width="30%" height={18} />
      </div>
    </div>
  );
}
