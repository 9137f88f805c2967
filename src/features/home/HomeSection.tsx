import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { apiErrorMessage } from '../../api/client.ts';
import { useDeferredQueryState } from '../../api/useDeferredQueryState.ts';
import { LoadProblem } from '../../ui/LoadProblem.tsx';
import { sectionTitle } from '../../ui/page.css.ts';
import { Inline, Stack } from '../../ui/Stack.tsx';
import * as styles from './homeSection.css.ts';
import { i18n } from './messages.ts';

/** What a section needs of a React Query result. */
export interface SectionQuery<Data> {
  status: 'pending' | 'error' | 'success';
  data: Data | undefined;
  error: Error | null;
  refetch: () => unknown;
  isRefetching: boolean;
}

/** A section's view of a query whose data it shows in another shape (counts of a response…). */
export function sectionQuery<From, To>(
  query: SectionQuery<From>,
  select: (data: From) => To,
): SectionQuery<To> {
  return {
    status: query.status,
    data: query.data === undefined ? undefined : select(query.data),
    error: query.error,
    refetch: query.refetch,
    isRefetching: query.isRefetching,
  };
}

interface HomeSectionProps<Data> {
  id: string;
  title: string;
  /** 'See All' (or the spec's own wording) and where it goes. */
  seeAll?: { label: string; link: Pick<LinkProps, 'to' | 'search'> };
  query: SectionQuery<Data>;
  /** Shaped like the content, shown while the first answer is on its way. */
  placeholder: ReactNode;
  /** What the section shows with data; return null to show `empty` instead. */
  children: (data: Data) => ReactNode;
  empty: ReactNode;
  /**
   * Names the thing, in the language in use, in the loading and error texts: "Loading {what}",
   * "We couldn't load {what}." ('events', 'los eventos').
   */
  what: string;
}

/**
 * One block of the home screen with its three honest states: placeholders while loading, the
 * API's message with a Retry when it fails, and the spec's empty text when there is nothing.
 * Never a blank section.
 */
export function HomeSection<Data>({
  id,
  title,
  seeAll,
  query,
  placeholder,
  children,
  empty,
  what,
}: HomeSectionProps<Data>) {
  const titleId = `${id}-title`;
  // The answer is drawn in a background render (useDeferredQueryState says why).
  const shown = useDeferredQueryState(query);
  let body: ReactNode;
  if (shown.status === 'pending') {
    body = (
      <div role="status" aria-label={i18n.t('home.section.loading', { what })}>
        {placeholder}
      </div>
    );
  } else if (shown.status === 'error') {
    body = (
      <LoadProblem
        problem={i18n.t('home.section.problem', { what })}
        reason={apiErrorMessage(shown.error)}
        isRetrying={query.isRefetching}
        onRetry={() => void query.refetch()}
      />
    );
  } else {
    body = children(shown.data as Data) ?? empty;
  }
  return (
    <Stack as="section" space="3" aria-labelledby={titleId}>
      <Inline justify="space-between" wrap={false}>
        <h2 id={titleId} className={sectionTitle}>
          {title}
        </h2>
        {seeAll ? (
          <Link {...seeAll.link} className={styles.seeAll}>
            {seeAll.label}
          </Link>
        ) : null}
      </Inline>
      {body}
    </Stack>
  );
}
