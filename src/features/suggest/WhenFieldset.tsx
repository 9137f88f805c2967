import { Switch, TextField } from '../../ui/index.ts';
import { i18n } from './messages.ts';
import * as styles from './suggest.css.ts';
import type { FieldsetProps } from './suggestionDraft.ts';

/** The day, and the start time unless the event lasts all day. */
export function WhenFieldset({ draft, errors, set }: FieldsetProps) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{i18n.t('suggest.when.legend')}</legend>
      <Switch isSelected={draft.allDay} onChange={set('allDay')} labelFirst>
        {i18n.t('suggest.when.allDay')}
      </Switch>
      <div className={styles.pair}>
        <TextField
          label={i18n.t('suggest.when.date')}
          type="date"
          value={draft.date}
          onChange={set('date')}
          isRequired
          errorMessage={errors.date}
        />
        {draft.allDay ? null : (
          <TextField
            label={i18n.t('suggest.when.time')}
            type="time"
            value={draft.time}
            onChange={set('time')}
            isRequired
            errorMessage={errors.time}
          />
        )}
      </div>
    </fieldset>
  );
}
