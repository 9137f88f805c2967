import { useQuery } from '@tanstack/react-query';
import type { Suggestion } from '../../../contract/suggestions.ts';
import { apiErrorMessage } from '../../api/client.ts';
import { zonedDateFormat } from '../../domain/eventDisplay.ts';
import { Badge, type BadgeProps, LoadProblem, Skeleton } from '../../ui/index.ts';
import * as styles from './profile.css.ts';
import { mySuggestionsQueryOptions } from './suggestionQueries.ts';

const tones: Record<Suggestion['status'], BadgeProps['tone']> = {
  waiting: 'neutral',
  published: 'success',
  declined: 'danger',
};

const dayOptions = { weekday: 'short', month: 'short', day: 'numeric' } as const;
const dayAndTimeOptions = { ...dayOptions, hour: 'numeric', minute: '2-digit' } as const;

/** 'Sat, Dec 5, 10:30 AM' (or 'Sat, Dec 5' all day), as the venue's calendar shows it. */
function when(suggestion: Suggestion): string {
  const options = suggestion.hasTime ? dayAndTimeOptions : dayOptions;
  return zonedDateFormat('en-US', options, suggestion.timeZone).format(
    new Date(suggestion.startsAt),
  );
}

/**
 * Profile's list of the events this person suggested, newest first, each with where it stands
 * in the server's words (`statusText`): 'Waiting for review', 'Published' or
 * 'Not published: {reason}'.
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
    return <p className={styles.muted}>Events you suggest show here with their review status.</p>;
  }
  return (
    <ul className={styles.suggestionList} aria-label="Your suggestions">
      {suggestions.map((suggestion) => (
        <li key={suggestion.id} className={styles.suggestionItem}>
          <h3 className={styles.suggestionTitle}>{suggestion.title}</h3>
          <p className={styles.suggestionMeta}>
            {when(suggestion)} · {suggestion.venue}, {suggestion.location}
          </p>
          <Badge tone={tones[suggestion.status]} className={styles.suggestionStatus}>
            {suggestion.statusText}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
