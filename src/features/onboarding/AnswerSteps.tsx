import type { ReactNode } from 'react';
import { Checkbox, CheckboxGroup, Radio, RadioGroup } from 'react-aria-components';
import {
  type AgeRange,
  ageRanges,
  type FamilyGroupId,
  familyGroups,
  type MusicGenre,
  musicGenres,
} from '../../../contract/family.ts';
import { Icon } from '../../ui/index.ts';
import * as styles from './onboarding.css.ts';

/** A tick on the icon grid: the checkbox mark is this step's own drawing, not the shared set's. */
const tick = { shape: <path d="m5 12.5 4.5 4.5L19 7.5" /> };

/** Each step names its question in the screen's heading; the group takes it as its label. */
interface StepQuestionProps {
  labelledBy: string;
}

export function AgeStep({
  labelledBy,
  value,
  onChange,
}: StepQuestionProps & { value: AgeRange | null; onChange: (value: AgeRange) => void }) {
  return (
    <RadioGroup
      aria-labelledby={labelledBy}
      className={styles.choiceList}
      value={value}
      onChange={(next) => {
        const chosen = ageRanges.find((range) => range === next);
        if (chosen) onChange(chosen);
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

const familyOptions = familyGroups.map((group) => ({
  id: group.id,
  label: group.label,
  detail: group.ages,
}));

export function FamilyStep({
  labelledBy,
  value,
  onToggle,
}: StepQuestionProps & {
  value: readonly FamilyGroupId[];
  onToggle: (id: FamilyGroupId) => void;
}) {
  return (
    <MultipleChoice
      labelledBy={labelledBy}
      value={value}
      onToggle={onToggle}
      options={familyOptions}
      layout="list"
    />
  );
}

const genreOptions = musicGenres.map((genre) => ({ id: genre, label: genre }));

export function GenreChoices({
  labelledBy,
  value,
  onToggle,
}: StepQuestionProps & { value: readonly MusicGenre[]; onToggle: (genre: MusicGenre) => void }) {
  return (
    <MultipleChoice
      labelledBy={labelledBy}
      value={value}
      onToggle={onToggle}
      options={genreOptions}
      layout="grid"
    />
  );
}
