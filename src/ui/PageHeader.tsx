import type { ReactNode } from 'react';
import { cx } from './cx.ts';
import * as styles from './page.css.ts';
import { Inline, Stack } from './Stack.tsx';

export interface PageHeaderProps {
  title: string;
  /** id of the h1, for `aria-labelledby` on the page's landmark. */
  titleId?: string;
  /** One sentence under the title. */
  lead?: ReactNode;
  /** Controls at the title's end (share, select…), already labelled. */
  actions?: ReactNode;
  /** Controls before the title (a back link). */
  before?: ReactNode;
  className?: string;
}

/** The top of a screen: its one h1, an optional lead line and actions. */
export function PageHeader({ title, titleId, lead, actions, before, className }: PageHeaderProps) {
  return (
    <Stack as="header" space="2" className={cx(styles.pageHeader, className)}>
      <Inline justify="space-between" wrap={false}>
        <Inline space="2" wrap={false}>
          {before}
          <h1 id={titleId} className={styles.pageTitle}>
            {title}
          </h1>
        </Inline>
        {actions ? <Inline space="1">{actions}</Inline> : null}
      </Inline>
      {lead ? <p className={styles.pageLead}>{lead}</p> : null}
    </Stack>
  );
}
