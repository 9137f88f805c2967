import { useId } from 'react';
import { suggestionWhen } from '../../domain/suggestionDisplay.ts';
import { Button, Inline, LinkButton } from '../../ui/index.ts';
import { SuggestionStatusBadge } from './SuggestionStatus.tsx';
import * as styles from './suggest.css.ts';
import type { SentSuggestion } from './useSuggestionDraft.ts';

/** The thank-you once the suggestion is stored: where it stands, and where to go next. */
export function SuggestionSent({
  sent: { suggestion, pictureFailure },
  onSuggestAnother,
}: {
  sent: SentSuggestion;
  onSuggestAnother: () => void;
}) {
  const titleId = useId();
  return (
    <section className={styles.done} aria-labelledby={titleId} role="status">
      <h2 id={titleId} className={styles.doneTitle}>
        Thank you! We got “{suggestion.title}”
      </h2>
      <p className={styles.doneText}>
        {suggestionWhen(suggestion)} at {suggestion.venue}, {suggestion.location}
      </p>
      <SuggestionStatusBadge suggestion={suggestion} />
      <p className={styles.doneText}>
        A FamJam operator reviews it soon. Its status stays on your profile.
      </p>
      {pictureFailure ? (
        <p className={styles.problem} role="alert">
          Your suggestion is saved, but its picture was not: {pictureFailure}
        </p>
      ) : null}
      <Inline space="2">
        <LinkButton to="/profile" variant="outline" icon="user">
          Back to Profile
        </LinkButton>
        <Button variant="secondary" icon="sparkles" onPress={onSuggestAnother}>
          Suggest another
        </Button>
      </Inline>
    </section>
  );
}
