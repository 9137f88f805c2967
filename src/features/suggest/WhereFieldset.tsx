import {
  SUGGESTION_ADDRESS_MAX,
  SUGGESTION_PLACE_MAX,
  SUGGESTION_VENUE_MAX,
} from '../../../contract/suggestionRules.ts';
import { TextField } from '../../ui/index.ts';
import * as styles from './suggest.css.ts';
import type { FieldsetProps } from './suggestionDraft.ts';

/** The venue, its street address, and the town the server places on the map. */
export function WhereFieldset({ draft, errors, set }: FieldsetProps) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Where</legend>
      <TextField
        label="Venue"
        placeholder="e.g. Lake Merritt Amphitheater"
        value={draft.venue}
        onChange={set('venue')}
        isRequired
        maxLength={SUGGESTION_VENUE_MAX}
        errorMessage={errors.venue}
      />
      <TextField
        label="Street address (optional)"
        value={draft.address}
        onChange={set('address')}
        maxLength={SUGGESTION_ADDRESS_MAX}
        autoComplete="street-address"
      />
      <TextField
        label="Town or ZIP code"
        placeholder="e.g. Oakland, CA"
        description="Puts the event on the map for families nearby."
        value={draft.place}
        onChange={set('place')}
        isRequired
        maxLength={SUGGESTION_PLACE_MAX}
        errorMessage={errors.place}
      />
    </fieldset>
  );
}
