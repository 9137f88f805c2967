import { categoryLabel } from '../../domain/categoryLabel.ts';
import { type CategoryId, categoryIds } from '../../domain/constants.ts';
import { ToggleChip } from '../../ui/index.ts';
import { useFeedbackFirst } from '../../ui/useFeedbackFirst.ts';
import { i18n } from './messages.ts';
import * as styles from './search.css.ts';

interface CategoryRowProps {
  selected: CategoryId | undefined;
  /** The category chosen, or undefined when the selected chip is pressed again (docs/product.md#spec-4). */
  onChange: (category: CategoryId | undefined) => void;
}

/**
 * The horizontal category chip row (docs/product.md#spec-2-search): one swipeable line of the nine
 * categories. Toggle buttons, so the selected one is announced as pressed.
 */
export function CategoryRow({ selected: applied, onChange: apply }: CategoryRowProps) {
  // The chip shows its new state in the next frame; the results follow after it is painted.
  const [selected, onChange] = useFeedbackFirst(applied, apply);
  return (
    <fieldset aria-label={i18n.t('search.categories.label')} className={styles.chipRow}>
      {categoryIds.map((id) => (
        <ToggleChip
          key={id}
          compact
          isSelected={selected === id}
          onChange={(isSelected) => onChange(isSelected ? id : undefined)}
        >
          {categoryLabel(id)}
        </ToggleChip>
      ))}
    </fieldset>
  );
}
