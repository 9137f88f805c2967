import { useQuery } from '@tanstack/react-query';
import { apiErrorMessage } from '../../api/client.ts';
import { LoadProblem, Skeleton } from '../../ui/index.ts';
import { SuggestionStatusBadge, suggestionWhen } from './SuggestionStatus.tsx';
import * as styles from './suggest.css.ts';
import { mySuggestionsQueryOptions } from './suggestionsApi.ts';

/**
 * Profile's list of the events this person suggested, newest first, each with where it stands:
 * 'Waiting for review', 'Published' or 'Not published: {reason}'.
 */
export function MySuggestions() {
  const query = useQuery(mySuggestionsQueryOptions());
  if (query.isPending) return <Skeleton height={56} radius={12} />;
  if (query.isError) {
    return (
      <LoadProblem
        problem="We couldn't load your suggestions."
        reason={apiErrorMessage(query.error)}
        isRetrying={query.isRefetching}
        onRetry={() => void query.refetch()}
        size="md"
      />
    );
  }
  const { suggestions } = query.data;
  if (suggestions.length === 0) {
    return <p className={styles.hint}>Events you suggest show here with their review status.</p>;
  }
  return (
    <ul className={styles.list} aria-label="Your suggestions">
      {suggestions.map((suggestion) => (
        <li key={suggestion.id} className={styles.item}>
          <h3 className={styles.itemTitle}>{suggestion.title}</h3>
          <p className={styles.itemMeta}>
            {suggestionWhen(suggestion)} · {suggestion.venue}, {suggestion.location}
          </p>
          <SuggestionStatusBadge suggestion={suggestion} />
        </li>
      ))}
    </ul>
  );
}
