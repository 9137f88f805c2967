import { Link } from '@tanstack/react-router';
import type { CategoryCounts } from '../../../contract/events.ts';
import { categoryLabel } from '../../domain/categoryLabel.ts';
import { categoryImage } from '../../domain/eventDisplay.ts';
import { Skeleton } from '../../ui/index.ts';
import * as styles from './home.css.ts';
import { i18n } from './messages.ts';

/**
 * '1 event', '12 events'. An ICU select on the number rather than a plural: a plural builds an
 * Intl.PluralRules (and `#` an Intl.NumberFormat), and home is a first screen that builds no Intl
 * object (docs/decisions.md, 'Dates without Intl on the first screens'). One and other are all
 * English and Spanish need.
 */
const eventsWord = (count: number) => i18n.t('home.categories.count', { count });

/**
 * 'Explore Categories': the nine categories with their live counts; each opens search. Named by
 * id in the language in use (the API's `label` is the English).
 */
export function CategoryGrid({ counts }: { counts: CategoryCounts['categories'] }) {
  return (
    <ul className={styles.categoryGrid}>
      {counts.map(({ id, label, count }) => (
        <li key={id}>
          <Link
            to="/search"
            search={{ category: id }}
            className={styles.categoryTile}
            aria-label={`${categoryLabel(id, label)}, ${eventsWord(count)}`}
          >
            <img className={styles.categoryIcon} src={categoryImage(id)} alt="" />
            <span className={styles.categoryLabel}>{categoryLabel(id, label)}</span>
            <span className={styles.categoryCount}>{eventsWord(count)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Nine tiles' outlines while the counts load. */
export function CategoryGridPlaceholder() {
  return (
    <ul className={styles.categoryGrid} aria-hidden="true">
      {Array.from({ length: 9 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders, never reordered
        <li key={index}>
          <Skeleton height={104} radius={16} />
        </li>
      ))}
    </ul>
  );
}
