import {
  SUGGESTION_ADDRESS_MAX,
  SUGGESTION_PLACE_MAX,
  SUGGESTION_VENUE_MAX,
} from '../../../contract/suggestionRules.ts';
import { TextField } from '../../ui/index.ts';
import { i18n } from './messages.ts';
import * as styles from './suggest.css.ts';
import type { FieldsetProps } from './suggestionDraft.ts';

/** The venue, its street address, and the town the server places on the map. */
export function WhereFieldset({ draft, errors, set }: FieldsetProps) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{i18n.t('suggest.where.legend')}</legend>
      <TextField
        label={i18n.t('suggest.where.venue')}
        placeholder={i18n.t('suggest.where.venuePlaceholder')}
        value={draft.venue}
        onChange={set('venue')}
        isRequired
        maxLength={SUGGESTION_VENUE_MAX}
        errorMessage={errors.venue}
      />
      <TextField
        label={i18n.t('suggest.where.address')}
        value={draft.address}
        onChange={set('address')}
        maxLength={SUGGESTION_ADDRESS_MAX}
        autoComplete="street-address"
      />
      <TextField
        label={i18n.t('suggest.where.place')}
        placeholder={i18n.t('suggest.where.placePlaceholder')}
        description={i18n.t('suggest.where.placeDescription')}
        value={draft.place}
        onChange={set('place')}
        isRequired
        maxLength={SUGGESTION_PLACE_MAX}
        errorMessage={errors.place}
      />
    </fieldset>
  );
}
