import type { Suggestion } from '../../../contract/suggestions.ts';
import { suggestionStatus } from '../../domain/suggestionDisplay.ts';
import { Badge, cx } from '../../ui/index.ts';
import * as styles from './suggest.css.ts';

/**
 * Where a suggestion stands, in the exact words of issue 20: 'Waiting for review', 'Published'
 * or 'Not published: {reason}'. Computed from status and reason with the server's own rule.
 */
export function SuggestionStatusBadge({
  suggestion,
  className,
}: {
  suggestion: Pick<Suggestion, 'status' | 'reason'>;
  className?: string;
}) {
  const { label, tone } = suggestionStatus(suggestion);
  return (
    <Badge tone={tone} className={cx(styles.statusBadge, className)}>
      {label}
    </Badge>
  );
}
