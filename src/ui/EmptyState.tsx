import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon.tsx';
import * as styles from './page.css.ts';

export interface EmptyStateProps {
  /** The spec's empty text, e.g. 'No events found. Try adjusting your filters!'. */
  title: string;
  /** A second line, when the spec gives one. */
  text?: ReactNode;
  icon?: IconName;
  /** A way on: 'Discover Events', 'Clear Filters'. */
  action?: ReactNode;
  /** The heading level that fits where the state sits (a section's h2 → h3). */
  headingLevel?: 2 | 3;
}

/** What a list shows when it has nothing: never a blank gap. */
export function EmptyState({
  title,
  text,
  icon = 'sparkles',
  action,
  headingLevel = 3,
}: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={styles.emptyState}>
      <span className={styles.emptyIcon} aria-hidden="true">
        <Icon name={icon} size={30} />
      </span>
      <Heading className={styles.emptyTitle}>{title}</Heading>
      {text ? <p className={styles.emptyText}>{text}</p> : null}
      {action}
    </div>
  );
}
