import { type FormEvent, useEffect, useState } from 'react';
import {
  type DistanceUnit,
  formatRadiusParam,
  parseRadiusParam,
  type Radius,
  radiusKm,
} from '../../../contract/radius.ts';
import { useAppState } from '../../app/appState.tsx';
import type { SearchPageSearch } from '../../app/searchParams.ts';
import { familyDistanceUnit } from '../../domain/distance.ts';
import {
  defaultRadius,
  radiusChoices,
  radiusLabel,
  sameRadius,
} from '../../domain/radiusChoices.ts';
import { Card, Inline, Stack, ToggleChip } from '../../ui/index.ts';
import { PlaceCombobox } from '../shell/PlaceCombobox.tsx';
import {
  type FilterOption,
  type SearchChange,
  searchCategoryOptions,
  searchPriceOptions,
  searchWhenOptions,
} from './filterOptions.ts';
import { i18n } from './messages.ts';
import * as styles from './search.css.ts';

interface FilterPanelProps {
  search: SearchPageSearch;
  onFiltersChange: (change: SearchChange) => void;
}

/**
 * The filter panel (docs/product.md#spec-2-search): a place, how far from it, a category, a price range and
 * when. Every button
 * is a toggle: a second press turns its filter off again (docs/product.md#spec-4-search-filters). Its own
 * chunk, loaded when the panel first opens (see SearchScreen).
 */
export default function FilterPanel({ search, onFiltersChange }: FilterPanelProps) {
  const set = (filters: Partial<SearchPageSearch>) =>
    onFiltersChange((current) => ({ ...current, ...filters }));
  return (
    <Card as="section" aria-label={i18n.t('search.filters.panel')} className={styles.panel}>
      <Stack space="5">
        <LocationFilter value={search.location} onChange={(location) => set({ location })} />
        <RadiusFilter search={search} onChange={(radius) => set({ radius, bbox: undefined })} />
        <OptionGroup
          label={i18n.t('search.filters.category')}
          options={searchCategoryOptions()}
          selected={search.category}
          onChange={(category) => set({ category })}
        />
        <OptionGroup
          label={i18n.t('search.filters.price')}
          options={searchPriceOptions()}
          selected={search.price}
          onChange={(price) => set({ price })}
        />
        <OptionGroup
          label={i18n.t('search.filters.when')}
          options={searchWhenOptions()}
          selected={search.date}
          // One "when" at a time: an option replaces a day Home's calendar brought.
          onChange={(date) => set({ date, day: undefined })}
        />
      </Stack>
    </Card>
  );
}

/**
 * How far from the place (issue 33): the radii of the family's unit ('Within 5 mi'), the
 * default among them. The one in effect is selected: the address's `?radius`, else the family's
 * own (the last one picked here, kept on the device and used by Home's lists too), else the
 * default. Picking one puts it in the address and makes it the family's; the default, or the
 * selected one pressed again, takes it out of both. A radius the family's unit does not offer
 * (a shared link's '10km' in the US) is shown converted, as one more choice, while it applies.
 */
function RadiusFilter({
  search,
  onChange,
}: {
  search: SearchPageSearch;
  onChange: (radius: string | undefined) => void;
}) {
  const unit = familyDistanceUnit();
  const familyRadius = useAppState((state) => state.familyRadius);
  const setFamilyRadius = useAppState((state) => state.setFamilyRadius);
  const inEffect = parseRadiusParam(search.radius ?? familyRadius) ?? defaultRadius[unit];
  const options = radiusOptions(unit, inEffect).map((radius) => ({
    id: formatRadiusParam(radius),
    label: radiusLabel(radius, unit),
  }));
  const pick = (id: string | undefined) => {
    const radius = id === formatRadiusParam(defaultRadius[unit]) ? undefined : id;
    setFamilyRadius(radius ?? null);
    onChange(radius);
  };
  return (
    <Stack space="2">
      <OptionGroup
        label={i18n.t('search.filters.distance')}
        options={options}
        // While the map's area is searched no radius applies: none is shown as chosen.
        selected={search.bbox ? undefined : formatRadiusParam(inEffect)}
        onChange={pick}
      />
      {search.bbox ? (
        <p className={styles.radiusNote}>{i18n.t('search.filters.mapAreaNote')}</p>
      ) : null}
    </Stack>
  );
}

/** The unit's choices with its default, and the radius in effect where it is none of them. */
function radiusOptions(unit: DistanceUnit, inEffect: Radius): Radius[] {
  const radii = radiusChoices[unit].map((amount): Radius => ({ amount, unit }));
  for (const extra of [defaultRadius[unit], inEffect]) {
    if (!radii.some((radius) => sameRadius(radius, extra))) radii.push(extra);
  }
  return radii.sort((a, b) => radiusKm(a) - radiusKm(b));
}

interface OptionGroupProps<Id extends string> {
  label: string;
  /** `id: undefined` is the "no filter" option ('All Categories'). */
  options: readonly FilterOption<Id>[];
  selected: Id | undefined;
  onChange: (id: Id | undefined) => void;
}

function OptionGroup<Id extends string>({
  label,
  options,
  selected,
  onChange,
}: OptionGroupProps<Id>) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.groupLabel}>{label}</legend>
      <Inline space="2">
        {options.map((option) => (
          <ToggleChip
            key={option.id ?? ''}
            compact
            isSelected={selected === option.id}
            // Pressing the selected option clears the filter; 'All Categories' always does.
            onChange={(isSelected) => onChange(isSelected ? option.id : undefined)}
          >
            {option.label}
          </ToggleChip>
        ))}
      </Inline>
    </fieldset>
  );
}

/**
 * A place typed with the header's suggestions. It applies when a suggestion is chosen, on Enter,
 * or when the field is left: a half-typed place ('Oak') is not a place the API knows. Focus
 * moving into the suggestion list is not leaving: the choice made there applies instead (a
 * pointer press on a suggestion can move focus to it for a moment, and applying the half-typed
 * words then would search for a place that does not exist).
 */
function LocationFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (location: string | undefined) => void;
}) {
  const [text, setText] = useState(value ?? '');
  // The filter changed elsewhere (its chip removed, Back): the field shows it.
  useEffect(() => setText(value ?? ''), [value]);

  function apply(place: string) {
    const location = place.trim() === '' ? undefined : place.trim();
    if (location !== value) onChange(location);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    apply(text);
  }

  return (
    <form
      onSubmit={onSubmit}
      onBlur={(event) => {
        if (!isInSuggestionList(event.relatedTarget)) apply(text);
      }}
    >
      <PlaceCombobox
        label={i18n.t('search.filters.location')}
        placeholder={i18n.t('search.filters.locationPlaceholder')}
        value={text}
        onChange={setText}
        onSelect={apply}
      />
    </form>
  );
}

/** The combobox's suggestions live in a popover outside the form, so `contains` cannot tell. */
function isInSuggestionList(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[role="listbox"]') !== null;
}
