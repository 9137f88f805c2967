import type { ReactNode } from 'react';
import { Checkbox, CheckboxGroup, Radio, RadioGroup } from 'react-aria-components';
import { ageRanges, familyGroups, musicGenres } from '../../../contract/family.ts';
import { familyGroupAges, familyGroupLabel, genreLabel } from '../../domain/familyLabels.ts';
import { Icon } from '../../ui/index.ts';
import * as styles from './onboarding.css.ts';
import type { StepBodyProps } from './stepBody.ts';

/** A tick on the icon grid: the checkbox mark is this step's own drawing, not the shared set's. */
const tick = { shape: <path d="m5 12.5 4.5 4.5L19 7.5" /> };

/**
 * The answer steps' bodies. Each step names its question in the screen's heading; the group takes
 * it as its label.
 */
interface StepQuestionProps {
  labelledBy: string;
}

/** Age's body: the adult's own range, one of them. */
export function AgeStep({ headingId, snapshot, actor }: StepBodyProps) {
  return (
    <RadioGroup
      aria-labelledby={headingId}
      className={styles.choiceList}
      value={snapshot.context.ageRange}
      onChange={(next) => {
        const chosen = ageRanges.find((range) => range === next);
        if (chosen) actor.send({ type: 'user.chooseAge', ageRange: chosen });
      }}
    >
      {ageRanges.map((range) => (
        <Radio key={range} value={range} className={styles.choice}>
          <span className={styles.radioMark} aria-hidden="true" />
          <span className={styles.choiceText}>{range}</span>
        </Radio>
      ))}
    </RadioGroup>
  );
}

/**
 * A multiple choice as checkboxes: react-aria reports the whole new selection, the chart takes
 * one toggle per change, so the difference is sent.
 */
function MultipleChoice<Id extends string>({
  labelledBy,
  value,
  onToggle,
  options,
  layout,
}: StepQuestionProps & {
  value: readonly Id[];
  onToggle: (id: Id) => void;
  options: readonly { id: Id; label: ReactNode; detail?: string }[];
  layout: 'list' | 'grid';
}) {
  return (
    <CheckboxGroup
      aria-labelledby={labelledBy}
      className={layout === 'list' ? styles.choiceList : styles.choiceGrid}
      value={[...value]}
      onChange={(next) => {
        for (const option of options) {
          if (next.includes(option.id) !== value.includes(option.id)) onToggle(option.id);
        }
      }}
    >
      {options.map((option) => (
        <Checkbox key={option.id} value={option.id} className={styles.choice}>
          {({ isSelected }) => (
            <>
              <span className={styles.checkMark} aria-hidden="true">
                {isSelected ? <Icon name={tick} size={16} strokeWidth={3} /> : null}
              </span>
              <span className={styles.choiceText}>
                {option.label}
                {option.detail ? (
                  <span className={styles.choiceDetail}>{option.detail}</span>
                ) : null}
              </span>
            </>
          )}
        </Checkbox>
      ))}
    </CheckboxGroup>
  );
}

/** Family's body: every age group in the family. */
export function FamilyStep({ headingId, snapshot, actor }: StepBodyProps) {
  return (
    <MultipleChoice
      labelledBy={headingId}
      value={snapshot.context.familyGroups}
      onToggle={(id) => actor.send({ type: 'user.toggleGroup', id })}
      options={familyGroups.map((group) => ({
        id: group.id,
        label: familyGroupLabel(group.id),
        detail: familyGroupAges(group.id),
      }))}
      layout="list"
    />
  );
}

/** The genres on Music's step (MusicStep.tsx adds the music services under them). */
export function GenreChoices({ headingId, snapshot, actor }: StepBodyProps) {
  return (
    <MultipleChoice
      labelledBy={headingId}
      value={snapshot.context.genres}
      onToggle={(genre) => actor.send({ type: 'user.toggleGenre', genre })}
      options={musicGenres.map((genre) => ({ id: genre, label: genreLabel(genre) }))}
      layout="grid"
    />
  );
}
