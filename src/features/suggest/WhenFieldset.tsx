import { Switch, TextField } from '../../ui/index.ts';
import * as styles from './suggest.css.ts';
import type { FieldsetProps } from './suggestionDraft.ts';

/** The day, and the start time unless the event lasts all day. */
export function WhenFieldset({ draft, errors, set }: FieldsetProps) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>When</legend>
      <Switch isSelected={draft.allDay} onChange={set('allDay')} labelFirst>
        All day
      </Switch>
      <div className={styles.pair}>
        <TextField
          label="Date"
          type="date"
          value={draft.date}
          onChange={set('date')}
          isRequired
          errorMessage={errors.date}
        />
        {draft.allDay ? null : (
          <TextField
            label="Start time"
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
