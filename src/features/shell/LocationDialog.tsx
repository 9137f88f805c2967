import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { HTTPError } from 'ky';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { ComboBox, Input, Label, ListBox, ListBoxItem, Popover } from 'react-aria-components';
import { apiErrorMessage } from '../../api/client.ts';
import { categoryCountsQueryOptions } from '../../api/events.ts';
import { placeSuggestionsQueryOptions, reverseGeocodeQueryOptions } from '../../api/geo.ts';
import { useAppState } from '../../app/appState.tsx';
import type { Coordinates } from '../../app/appStateStore.ts';
import { labelledDivider } from '../../styles/utilities.css.ts';
import * as fieldStyles from '../../ui/field.css.ts';
import { Button, cx, Icon, Modal, useToast } from '../../ui/index.ts';
import * as menuStyles from '../../ui/menu.css.ts';
import { describeLocation, formatCoordinates, GpsError, requestPosition } from './gpsMessages.ts';
import * as styles from './shell.css.ts';

export interface LocationDialogProps {
  /** Controlled use; inside a DialogTrigger (as the header does) leave both out. */
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
}

/** Typing pauses this long before suggestions are asked for: one request per pause, not per key. */
export const SUGGEST_DEBOUNCE_MS = 200;
/** One letter matches half the atlas; suggestions start at two. */
export const SUGGEST_MIN_CHARS = 2;
/**
 * A city lookup needs no more than ~100 m of precision: rounding sends less of where the person
 * is, and nearby fixes share one cached answer.
 */
const GPS_DECIMALS = 3;

export const PLACE_CHECK_UNREACHABLE =
  "We couldn't check that place right now. Check your connection and try again.";
export const CITY_LOOKUP_FAILED =
  "We couldn't look up the nearest city, so events are found near you by coordinates.";

const MANUAL_LABEL = 'City, neighbourhood or ZIP code';

/**
 * SPEC "Other UI": GPS detection or a typed location; either sets app-state location and closes.
 * The header loads this module when the chip is first pressed: the combobox (react-aria's
 * collections and popover) would otherwise add ~18 KB gzipped to every first visit.
 */
export function LocationDialog({ isOpen, onOpenChange }: LocationDialogProps) {
  return (
    <Modal title="Set your location" isOpen={isOpen} onOpenChange={onOpenChange}>
      {(close) => <LocationForm onDone={close} />}
    </Modal>
  );
}

function roundTo(value: number, decimals: number): number {
  return Number(value.toFixed(decimals));
}

function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

function LocationForm({ onDone }: { onDone: () => void }) {
  const { location, locationCoordinates, familyMode, setLocation } = useAppState();
  const queryClient = useQueryClient();
  const showToast = useToast();
  const [manual, setManual] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'gps' | 'manual' | null>(null);
  // Each GPS or Set attempt gets a number; an answer for an older attempt, or one that arrives
  // after the dialog closed (a cancelled request), changes nothing.
  const attempt = useRef(0);
  useEffect(
    () => () => {
      attempt.current += 1;
    },
    [],
  );

  const trimmed = manual.trim();
  const suggestFor = useDebouncedValue(trimmed, SUGGEST_DEBOUNCE_MS);
  const wantsSuggestions = suggestFor.length >= SUGGEST_MIN_CHARS;
  const suggestions = useQuery({
    ...placeSuggestionsQueryOptions({ q: wantsSuggestions ? suggestFor : '' }),
    // The last list stays while the next loads, so it does not flicker closed at every pause.
    placeholderData: keepPreviousData,
  });
  const suggestionItems = wantsSuggestions
    ? (suggestions.data?.suggestions ?? []).map((label) => ({ id: label }))
    : [];
  const lookingForSuggestions =
    trimmed.length >= SUGGEST_MIN_CHARS && (trimmed !== suggestFor || suggestions.isFetching);

  function begin(kind: 'gps' | 'manual'): number {
    attempt.current += 1;
    setError(null);
    setBusy(kind);
    return attempt.current;
  }

  function finish(place: string, coordinates: Coordinates | null, description?: string) {
    setLocation(place, coordinates);
    showToast({ title: `Location set to ${place}`, description });
    onDone();
  }

  async function detect() {
    const id = begin('gps');
    let coords: GeolocationCoordinates;
    try {
      coords = await requestPosition();
    } catch (failure) {
      if (id !== attempt.current) return;
      setBusy(null);
      setError(failure instanceof GpsError ? failure.message : String(failure));
      return;
    }
    if (id !== attempt.current) return;
    const position = {
      latitude: roundTo(coords.latitude, GPS_DECIMALS),
      longitude: roundTo(coords.longitude, GPS_DECIMALS),
    };
    try {
      const place = await queryClient.fetchQuery(
        reverseGeocodeQueryOptions({ lat: position.latitude, lon: position.longitude }),
      );
      if (id !== attempt.current) return;
      finish(place.label, position);
    } catch {
      if (id !== attempt.current) return;
      // The API reads 'lat, lon' as a place too, so the location still works without a name;
      // the text is the coordinates, so none are stored beside it.
      finish(formatCoordinates(position.latitude, position.longitude), null, CITY_LOOKUP_FAILED);
    }
  }

  async function submitManual() {
    // Enter submits (SPEC section 5), but never a blank location, and one check at a time.
    if (!trimmed || busy === 'manual') return;
    const place = trimmed;
    const id = begin('manual');
    try {
      // Any listing resolves its location first and answers 400 with a sentence for a place it
      // does not know; the category counts are the cheapest, and the home screen reads them next.
      await queryClient.fetchQuery(categoryCountsQueryOptions({ location: place, familyMode }));
    } catch (failure) {
      if (id !== attempt.current) return;
      setBusy(null);
      setError(failure instanceof HTTPError ? apiErrorMessage(failure) : PLACE_CHECK_UNREACHABLE);
      return;
    }
    if (id !== attempt.current) return;
    finish(place, null);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submitManual();
  }

  // react-aria's combobox keeps Enter for itself while its list is open (to pick an option). With
  // no option highlighted there is nothing to pick, so Enter submits what was typed, as SPEC 5 asks.
  function onKeyDownCapture(event: KeyboardEvent<HTMLFormElement>) {
    const input = event.target;
    if (
      event.key === 'Enter' &&
      input instanceof HTMLInputElement &&
      input.getAttribute('role') === 'combobox' &&
      input.getAttribute('aria-expanded') === 'true' &&
      !input.getAttribute('aria-activedescendant')
    ) {
      event.currentTarget.requestSubmit();
    }
  }

  return (
    <>
      <p className={styles.locationCurrent}>
        <Icon name="mapPin" size={20} />
        <span>
          Showing events near{' '}
          <span className={styles.locationCurrentValue}>
            {describeLocation(location, locationCoordinates)}
          </span>
        </span>
      </p>
      <Button
        variant="secondary"
        size="lg"
        fullWidth
        icon="crosshair"
        isPending={busy === 'gps'}
        onPress={() => void detect()}
      >
        {busy === 'gps' ? 'Finding you…' : 'Use my current location'}
      </Button>
      {error ? (
        <div role="alert" className={styles.errorBox}>
          <Icon name="alert" size={20} className={styles.errorIcon} />
          <span>{error}</span>
        </div>
      ) : null}
      <div className={labelledDivider}>or type it</div>
      <form className={styles.manualForm} onSubmit={onSubmit} onKeyDownCapture={onKeyDownCapture}>
        <ComboBox
          className={cx(fieldStyles.field, styles.manualField)}
          allowsCustomValue
          // The list opens (saying so) while suggestions load: react-aria only opens it on a
          // keystroke, and they arrive after the typing stopped. No matches closes it again.
          allowsEmptyCollection={lookingForSuggestions}
          inputValue={manual}
          onInputChange={setManual}
          items={suggestionItems}
        >
          <Label className={fieldStyles.label}>{MANUAL_LABEL}</Label>
          <div className={fieldStyles.inputGroup}>
            <Icon name="search" size={20} className={fieldStyles.leadingIcon} />
            <Input
              placeholder="e.g. Oakland, CA"
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
                <p className={styles.suggestionsEmpty}>Looking for places…</p>
              )}
            >
              {(item: { id: string }) => (
                <ListBoxItem className={menuStyles.item}>{item.id}</ListBoxItem>
              )}
            </ListBox>
          </Popover>
        </ComboBox>
        <Button type="submit" isDisabled={!trimmed} isPending={busy === 'manual'}>
          Set
        </Button>
      </form>
    </>
  );
}
