import {
  SUGGESTION_PRICE_MAX,
  SUGGESTION_TICKET_URL_MAX,
} from '../../../contract/suggestionRules.ts';
import { TextField } from '../../ui/index.ts';
import { PictureField } from './PictureField.tsx';
import * as styles from './suggest.css.ts';
import type { FieldsetProps } from './suggestionDraft.ts';
import type { PictureChoice } from './usePictureChoice.ts';

/** The optional rest: price, ages, a ticket link and a picture. */
export function DetailsFieldset({
  draft,
  errors,
  set,
  picture,
}: FieldsetProps & { picture: PictureChoice }) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Details</legend>
      <TextField
        label="Price (optional)"
        placeholder="e.g. $12, kids free"
        description="Leave blank when it is free."
        value={draft.price}
        onChange={set('price')}
        maxLength={SUGGESTION_PRICE_MAX}
      />
      <p className={styles.hint}>Ages are optional: leave both blank when it is for everyone.</p>
      <div className={styles.pair}>
        <TextField
          label="Youngest age"
          inputMode="numeric"
          value={draft.minAge}
          onChange={set('minAge')}
          errorMessage={errors.minAge}
        />
        <TextField
          label="Oldest age"
          inputMode="numeric"
          value={draft.maxAge}
          onChange={set('maxAge')}
          errorMessage={errors.maxAge}
        />
      </div>
      <TextField
        label="Ticket or info link (optional)"
        type="url"
        placeholder="https://"
        value={draft.ticketUrl}
        onChange={set('ticketUrl')}
        maxLength={SUGGESTION_TICKET_URL_MAX}
        errorMessage={errors.ticketUrl}
      />
      <PictureField picture={picture} />
    </fieldset>
  );
}
