import { MAX_WAITING_SUGGESTIONS } from '../../../contract/suggestionRules.ts';
import { suggestEvent, uploadSuggestionPicture } from '../../api/suggestions.ts';
import { isoDay } from '../../domain/dateFilter.ts';
import { Button, PageHeader } from '../../ui/index.ts';
import { DetailsFieldset } from './DetailsFieldset.tsx';
import { i18n } from './messages.ts';
import { SuggestionSent } from './SuggestionSent.tsx';
import * as styles from './suggest.css.ts';
import { type SuggestionApi, useSuggestionDraft } from './useSuggestionDraft.ts';
import { WhatFieldset } from './WhatFieldset.tsx';
import { WhenFieldset } from './WhenFieldset.tsx';
import { WhereFieldset } from './WhereFieldset.tsx';

interface SuggestScreenProps extends Partial<SuggestionApi> {
  /** Today in this browser, for the date field's minimum; tests fix it. */
  today?: string;
}

/**
 * 'Suggest an event' (docs/suggestions.md): a signed-in family tells FamJam about an event; it
 * waits for an operator's review and its status shows on Profile. The form's state, its checks
 * and the sending are useSuggestionDraft's; each group of fields is a fieldset of its own.
 * `send` and `sendPicture` are the API calls; tests hand in their own.
 */
export function SuggestScreen({
  send = suggestEvent,
  sendPicture = uploadSuggestionPicture,
  today = isoDay(new Date()),
}: SuggestScreenProps) {
  const form = useSuggestionDraft({ send, sendPicture, today });
  const fields = { draft: form.draft, errors: form.errors, set: form.set };

  if (form.sent) {
    return (
      <div className={styles.page}>
        <PageHeader title={i18n.t('suggest.title')} />
        <SuggestionSent sent={form.sent} onSuggestAnother={form.startAnother} />
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <PageHeader
        title={i18n.t('suggest.title')}
        lead={i18n.t('suggest.lead', { max: MAX_WAITING_SUGGESTIONS })}
      />
      <form
        className={styles.form}
        aria-label={i18n.t('suggest.title')}
        noValidate
        onSubmit={(event) => void form.submit(event)}
      >
        <WhatFieldset {...fields} />
        <WhenFieldset {...fields} />
        <WhereFieldset {...fields} />
        <DetailsFieldset {...fields} picture={form.picture} />
        {form.failure ? (
          <p className={styles.problem} role="alert">
            {form.failure}
          </p>
        ) : null}
        <Button type="submit" fullWidth isPending={form.sending} icon="sparkles">
          {i18n.t('suggest.send')}
        </Button>
      </form>
    </div>
  );
}
