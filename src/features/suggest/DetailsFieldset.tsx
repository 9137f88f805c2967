import {
  SUGGESTION_PRICE_MAX,
  SUGGESTION_TICKET_URL_MAX,
} from '../../../contract/suggestionRules.ts';
import { TextField } from '../../ui/index.ts';
import { i18n } from './messages.ts';
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
      <legend className={styles.legend}>{i18n.t('suggest.details.legend')}</legend>
      <TextField
        label={i18n.t('suggest.details.price')}
        placeholder={i18n.t('suggest.details.pricePlaceholder')}
        description={i18n.t('suggest.details.priceDescription')}
        value={draft.price}
        onChange={set('price')}
        maxLength={SUGGESTION_PRICE_MAX}
      />
      <p className={styles.hint}>{i18n.t('suggest.details.agesHint')}</p>
      <div className={styles.pair}>
        <TextField
          label={i18n.t('suggest.details.youngest')}
          inputMode="numeric"
          value={draft.minAge}
          onChange={set('minAge')}
          errorMessage={errors.minAge}
        />
        <TextField
          label={i18n.t('suggest.details.oldest')}
          inputMode="numeric"
          value={draft.maxAge}
          onChange={set('maxAge')}
          errorMessage={errors.maxAge}
        />
      </div>
      <TextField
        label={i18n.t('suggest.details.ticketUrl')}
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
