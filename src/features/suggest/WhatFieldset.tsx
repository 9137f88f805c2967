import {
  TextField as AriaTextField,
  FieldError,
  Label,
  Radio,
  RadioGroup,
  TextArea,
} from 'react-aria-components';
import { categories, type StoredCategoryId } from '../../../contract/categories.ts';
import {
  SUGGESTION_DESCRIPTION_MAX,
  SUGGESTION_TITLE_MAX,
} from '../../../contract/suggestionRules.ts';
import { categoryLabel } from '../../domain/categoryLabel.ts';
import * as fieldStyles from '../../ui/field.css.ts';
import { Inline, TextField } from '../../ui/index.ts';
import { chipRecipe } from '../../ui/surfaces.css.ts';
import { i18n } from './messages.ts';
import * as styles from './suggest.css.ts';
import type { FieldsetProps } from './suggestionDraft.ts';

/** The categories an event is stored under, in the app's order: the form's choices. */
const categoryChoices = categories.filter(
  (category): category is Extract<(typeof categories)[number], { stored: true }> => category.stored,
);

/** The event's name, what happens, and its category (chips, one to choose). */
export function WhatFieldset({ draft, errors, set }: FieldsetProps) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{i18n.t('suggest.what.legend')}</legend>
      <TextField
        label={i18n.t('suggest.what.title')}
        value={draft.title}
        onChange={set('title')}
        isRequired
        maxLength={SUGGESTION_TITLE_MAX}
        errorMessage={errors.title}
      />
      <AriaTextField
        className={fieldStyles.field}
        value={draft.description}
        onChange={set('description')}
        maxLength={SUGGESTION_DESCRIPTION_MAX}
      >
        <Label className={fieldStyles.label}>{i18n.t('suggest.what.description')}</Label>
        <TextArea
          className={`${fieldStyles.input} ${styles.textArea}`}
          placeholder={i18n.t('suggest.what.descriptionPlaceholder')}
        />
      </AriaTextField>
      <RadioGroup
        className={styles.radioGroup}
        value={draft.category}
        onChange={(value) => set('category')(value as StoredCategoryId)}
        isRequired
        isInvalid={errors.category !== undefined}
      >
        <Label className={styles.radioLabel}>{i18n.t('suggest.what.category')}</Label>
        <Inline space="2">
          {categoryChoices.map((category) => (
            <Radio key={category.id} value={category.id} className={chipRecipe({ compact: true })}>
              {categoryLabel(category.id)}
            </Radio>
          ))}
        </Inline>
        <FieldError className={fieldStyles.error}>{errors.category}</FieldError>
      </RadioGroup>
    </fieldset>
  );
}
