import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { ComboBox, Input, Label, ListBox, ListBoxItem, Popover } from 'react-aria-components';
import { placeSuggestionsQueryOptions } from '../../api/geo.ts';
import { visuallyHidden } from '../../styles/utilities.css.ts';
import * as fieldStyles from '../../ui/field.css.ts';
import { cx, Icon } from '../../ui/index.ts';
import * as menuStyles from '../../ui/menu.css.ts';
import { i18n } from './laterMessages.ts';
import * as styles from './shell.css.ts';

/** Typing pauses this long before suggestions are asked for: one request per pause, not per key. */
const SUGGEST_DEBOUNCE_MS = 200;
/** One letter matches half the atlas; suggestions start at two. */
const SUGGEST_MIN_CHARS = 2;

interface PlaceComboboxProps {
  label: string;
  /** Keep the label for screen readers only. */
  hideLabel?: boolean;
  placeholder?: string;
  /** What is typed (controlled): a chosen suggestion arrives here too. */
  value: string;
  onChange: (value: string) => void;
  /** A suggestion was chosen (pointer, or Enter on a highlighted one). */
  onSelect?: (place: string) => void;
  className?: string;
}

function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * A place text box with suggestions from `/api/geo/suggest`: the header's location dialog and the
 * search screen's location filter type places the same way. Inside a form, Enter submits what
 * was typed unless a suggestion is highlighted (then Enter picks it). Loaded only where it is
 * used: react-aria's collections and popover weigh about 18 KB gzipped.
 */
export function PlaceCombobox({
  label,
  hideLabel,
  placeholder,
  value,
  onChange,
  onSelect,
  className,
}: PlaceComboboxProps) {
  const trimmed = value.trim();
  const suggestFor = useDebouncedValue(trimmed, SUGGEST_DEBOUNCE_MS);
  // The suggestion last chosen. While the box still shows it, no suggestions are offered: a place
  // was just picked, and react-aria re-opens a list whose suggestions come back after it had
  // closed for want of any (a letter taken back while typing), so the picked town's own
  // suggestions opened the list again over the page (issue 31, C.13).
  const [picked, setPicked] = useState<string | null>(null);
  const showsPickedPlace = picked !== null && trimmed === picked;
  const wantsSuggestions = !showsPickedPlace && suggestFor.length >= SUGGEST_MIN_CHARS;
  const suggestions = useQuery({
    ...placeSuggestionsQueryOptions({ q: wantsSuggestions ? suggestFor : '' }),
    // The last list stays while the next loads, so it does not flicker closed at every pause.
    placeholderData: keepPreviousData,
  });
  const suggestionItems = wantsSuggestions
    ? (suggestions.data?.suggestions ?? []).map((place) => ({ id: place }))
    : [];
  const lookingForSuggestions =
    !showsPickedPlace &&
    trimmed.length >= SUGGEST_MIN_CHARS &&
    (trimmed !== suggestFor || suggestions.isFetching);

  // react-aria's combobox keeps Enter for itself while its list is open (to pick an option). With
  // no option highlighted there is nothing to pick, so Enter submits what was typed (docs/product.md#spec-5).
  function onKeyDownCapture(event: KeyboardEvent<HTMLDivElement>) {
    const input = event.target;
    if (
      event.key === 'Enter' &&
      input instanceof HTMLInputElement &&
      input.getAttribute('aria-expanded') === 'true' &&
      !input.getAttribute('aria-activedescendant')
    ) {
      input.form?.requestSubmit();
    }
  }

  return (
    <ComboBox
      className={cx(fieldStyles.field, className)}
      allowsCustomValue
      // The list opens (saying so) while suggestions load: react-aria only opens it on a
      // keystroke, and they arrive after the typing stopped. No matches closes it again.
      allowsEmptyCollection={lookingForSuggestions}
      inputValue={value}
      onInputChange={onChange}
      onSelectionChange={(key) => {
        if (key === null) return;
        setPicked(String(key));
        onSelect?.(String(key));
      }}
      items={suggestionItems}
    >
      <Label className={hideLabel ? visuallyHidden : fieldStyles.label}>{label}</Label>
      <div className={fieldStyles.inputGroup} onKeyDownCapture={onKeyDownCapture}>
        <Icon name="mapPin" size={20} className={fieldStyles.leadingIcon} />
        <Input
          placeholder={placeholder}
          className={cx(fieldStyles.input, fieldStyles.inputWithLeadingIcon)}
          // The browser's own autofill list would cover the suggestions.
          autoComplete="off"
          enterKeyHint="done"
        />
      </div>
      <Popover className={cx(menuStyles.popover, styles.suggestionsPopover)} offset={6}>
        <ListBox
          className={menuStyles.menu}
          renderEmptyState={() => (
            <p className={styles.suggestionsEmpty}>{i18n.t('shell.location.lookingForPlaces')}</p>
          )}
        >
          {(item: { id: string }) => (
            <ListBoxItem className={menuStyles.item}>{item.id}</ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
