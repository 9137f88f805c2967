import { useQuery } from '@tanstack/react-query';
import { apiErrorMessage } from '../../api/client.ts';
import { mySuggestionsQueryOptions } from '../../api/suggestions.ts';
import { suggestionStatus, suggestionWhen } from '../../domain/suggestionDisplay.ts';
import { Badge, LoadProblem, Skeleton, Stack } from '../../ui/index.ts';
import { bareList } from '../../ui/surfaces.css.ts';
import { i18n } from './messages.ts';
import * as styles from './profile.css.ts';

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
        problem={i18n.t('profile.suggestions.loadFailed')}
        reason={apiErrorMessage(query.error)}
        isRetrying={query.isRefetching}
        onRetry={() => void query.refetch()}
        size="md"
      />
    );
  }
  const { suggestions } = query.data;
  if (suggestions.length === 0) {
    return <p className={styles.muted}>{i18n.t('profile.suggestions.empty')}</p>;
  }
  return (
    <Stack as="ul" space="3" className={bareList} aria-label={i18n.t('profile.suggestions.label')}>
      {suggestions.map((suggestion) => {
        const status = suggestionStatus(suggestion);
        return (
          <li key={suggestion.id} className={styles.suggestionItem}>
            <h3 className={styles.suggestionTitle}>{suggestion.title}</h3>
            <p className={styles.suggestionMeta}>
              {suggestionWhen(suggestion)} · {suggestion.venue}, {suggestion.location}
            </p>
            <Badge tone={status.tone} className={styles.suggestionStatus}>
              {status.label}
            </Badge>
          </li>
        );
      })}
    </Stack>
  );
}
