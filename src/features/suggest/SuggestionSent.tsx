import { useId } from 'react';
import { PRODUCT_NAME } from '../../domain/constants.ts';
import { suggestionWhen } from '../../domain/suggestionDisplay.ts';
import { Button, Inline, LinkButton } from '../../ui/index.ts';
import { i18n } from './messages.ts';
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
        {i18n.t('suggest.sent.title', { title: suggestion.title })}
      </h2>
      <p className={styles.doneText}>
        {i18n.t('suggest.sent.where', {
          when: suggestionWhen(suggestion),
          venue: suggestion.venue,
          location: suggestion.location,
        })}
      </p>
      <SuggestionStatusBadge suggestion={suggestion} />
      <p className={styles.doneText}>{i18n.t('suggest.sent.next', { product: PRODUCT_NAME })}</p>
      {pictureFailure ? (
        <p className={styles.problem} role="alert">
          {i18n.t('suggest.sent.pictureFailed', { reason: pictureFailure })}
        </p>
      ) : null}
      <Inline space="2">
        <LinkButton to="/profile" variant="outline" icon="user">
          {i18n.t('suggest.sent.backToProfile')}
        </LinkButton>
        <Button variant="secondary" icon="sparkles" onPress={onSuggestAnother}>
          {i18n.t('suggest.sent.another')}
        </Button>
      </Inline>
    </section>
  );
}
