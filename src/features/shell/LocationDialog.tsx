import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { apiErrorMessage, HTTPError } from '../../api/client.ts';
import { categoryCountsQueryOptions } from '../../api/events.ts';
import { reverseGeocodeQueryOptions } from '../../api/geo.ts';
import { useAppState } from '../../app/appState.tsx';
import type { Coordinates } from '../../app/appStateStore.ts';
import { labelledDivider } from '../../styles/utilities.css.ts';
import * as formStyles from '../../ui/formSection.css.ts';
import { Button, Icon, Modal, useToast } from '../../ui/index.ts';
import { GpsError, lookupPosition, requestPosition } from './gpsMessages.ts';
import { i18n } from './laterMessages.ts';
import { describeLocation, formatCoordinates } from './locationLabel.ts';
import { PlaceCombobox } from './PlaceCombobox.tsx';
import * as styles from './shell.css.ts';

interface LocationDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/**
 * docs/product.md#spec-2-other-ui: GPS detection or a typed location; either sets app-state location and closes.
 * The header loads this module when the chip is first pressed: the combobox (PlaceCombobox)
 * would otherwise add ~18 KB gzipped to every first visit.
 */
export function LocationDialog({ isOpen, onOpenChange }: LocationDialogProps) {
  return (
    <Modal title={i18n.t('shell.location.title')} isOpen={isOpen} onOpenChange={onOpenChange}>
      {(close) => <LocationForm onDone={close} />}
    </Modal>
  );
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

  function begin(kind: 'gps' | 'manual'): number {
    attempt.current += 1;
    setError(null);
    setBusy(kind);
    return attempt.current;
  }

  function finish(place: string, coordinates: Coordinates | null, description?: string) {
    setLocation(place, coordinates);
    showToast({ title: i18n.t('shell.location.set', { place }), description });
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
    const position = lookupPosition(coords);
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
      finish(
        formatCoordinates(position.latitude, position.longitude),
        null,
        i18n.t('shell.location.cityLookupFailed'),
      );
    }
  }

  async function submitManual() {
    // Enter submits (docs/product.md#spec-5), but never a blank location, and one check at a time.
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
      setError(
        failure instanceof HTTPError
          ? apiErrorMessage(failure)
          : i18n.t('shell.location.placeCheckUnreachable'),
      );
      return;
    }
    if (id !== attempt.current) return;
    finish(place, null);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submitManual();
  }

  return (
    <>
      <p className={styles.locationCurrent}>
        <Icon name="mapPin" size={20} />
        <span>
          {i18n.t('shell.location.showingNear')}{' '}
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
        {busy === 'gps' ? i18n.t('shell.location.finding') : i18n.t('shell.location.useCurrent')}
      </Button>
      {error ? (
        <div role="alert" className={formStyles.formAlert}>
          <Icon name="alert" size={20} className={formStyles.formAlertIcon} />
          <span>{error}</span>
        </div>
      ) : null}
      <div className={labelledDivider}>{i18n.t('shell.location.orTypeIt')}</div>
      <form className={styles.manualForm} onSubmit={onSubmit}>
        <PlaceCombobox
          className={styles.manualField}
          label={i18n.t('shell.location.manualLabel')}
          placeholder={i18n.t('shell.location.manualPlaceholder')}
          value={manual}
          onChange={setManual}
        />
        <Button type="submit" isDisabled={!trimmed} isPending={busy === 'manual'}>
          {i18n.t('shell.location.submit')}
        </Button>
      </form>
    </>
  );
}
