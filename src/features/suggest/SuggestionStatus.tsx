import { suggestionStatusText } from '../../../contract/suggestionRules.ts';
import type { Suggestion } from '../../../contract/suggestions.ts';
import { zonedDateFormat } from '../../domain/eventDisplay.ts';
import { Badge, type BadgeProps, cx } from '../../ui/index.ts';
import * as styles from './suggest.css.ts';

const tones: Record<Suggestion['status'], BadgeProps['tone']> = {
  waiting: 'neutral',
  published: 'success',
  declined: 'danger',
};

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
  return (
    <Badge tone={tones[suggestion.status]} className={cx(styles.statusBadge, className)}>
      {suggestionStatusText(suggestion)}
    </Badge>
  );
}

const dayOptions = { weekday: 'short', month: 'short', day: 'numeric' } as const;
const dayAndTimeOptions = { ...dayOptions, hour: 'numeric', minute: '2-digit' } as const;

/** 'Sat, Dec 5, 10:30 AM' (or 'Sat, Dec 5' all day), as the venue's calendar shows it. */
export function suggestionWhen(
  suggestion: Pick<Suggestion, 'startsAt' | 'timeZone' | 'hasTime'>,
): string {
  const options = suggestion.hasTime ? dayAndTimeOptions : dayOptions;
  return zonedDateFormat('en-US', options, suggestion.timeZone).format(
    new Date(suggestion.startsAt),
  );
}
