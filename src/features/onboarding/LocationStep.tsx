import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { reverseGeocodeQueryOptions } from '../../api/geo.ts';
import type { Coordinates } from '../../app/appStateStore.ts';
import { labelledDivider } from '../../styles/utilities.css.ts';
import * as formStyles from '../../ui/formSection.css.ts';
import { Button, Icon } from '../../ui/index.ts';
import {
  GpsError,
  lookupPosition,
  onboardingGpsMessages,
  requestPosition,
} from '../shell/gpsMessages.ts';
import { formatCoordinates } from '../shell/locationLabel.ts';
import { PlaceCombobox } from '../shell/PlaceCombobox.tsx';
import { i18n } from './messages.ts';
import type { StepBodyProps } from './stepBody.ts';

/** docs/product.md#spec-9: onboarding shows a GPS fix with 4 decimals (the header uses 2). */
const ONBOARDING_COORDINATE_DECIMALS = 4;

type GpsState =
  | { kind: 'idle' }
  | { kind: 'locating' }
  | { kind: 'resolving'; coordinates: Coordinates }
  | { kind: 'found'; place: string; coordinates: Coordinates }
  | { kind: 'failed'; message: string };

/**
 * Location's body: GPS detection or typed text with place suggestions
 * (docs/product.md#spec-2-onboarding).
 */
export function LocationStep({ snapshot, actor, flow }: StepBodyProps) {
  const value = snapshot.context.location;
  const onChange = (location: string) => actor.send({ type: 'user.setLocation', location });
  const queryClient = useQueryClient();
  const [gps, setGps] = useState<GpsState>({ kind: 'idle' });
  // An answer for an older attempt, or after the step was left, changes nothing.
  const attempt = useRef(0);
  useEffect(
    () => () => {
      attempt.current += 1;
    },
    [],
  );

  async function detect() {
    attempt.current += 1;
    const id = attempt.current;
    setGps({ kind: 'locating' });
    let coords: GeolocationCoordinates;
    try {
      coords = await requestPosition(onboardingGpsMessages);
    } catch (failure) {
      if (id !== attempt.current) return;
      setGps({
        kind: 'failed',
        message: failure instanceof GpsError ? failure.message : onboardingGpsMessages.unknown,
      });
      return;
    }
    if (id !== attempt.current) return;
    const shown = { latitude: coords.latitude, longitude: coords.longitude };
    setGps({ kind: 'resolving', coordinates: shown });
    const position = lookupPosition(coords);
    try {
      const place = await queryClient.fetchQuery(
        reverseGeocodeQueryOptions({ lat: position.latitude, lon: position.longitude }),
      );
      if (id !== attempt.current) return;
      onChange(place.label);
      // A GPS fix became the location text: the flow keeps its coordinates beside it.
      flow.gpsPlace.current = { place: place.label, coordinates: position };
      setGps({ kind: 'found', place: place.label, coordinates: shown });
    } catch {
      if (id !== attempt.current) return;
      // The API reads 'lat, lon' as a place too, so the coordinates still make a location.
      onChange(
        formatCoordinates(position.latitude, position.longitude, ONBOARDING_COORDINATE_DECIMALS),
      );
      setGps({ kind: 'failed', message: i18n.t('onboarding.location.cityLookupFailed') });
    }
  }

  const coordinatesText = (coordinates: Coordinates) =>
    formatCoordinates(coordinates.latitude, coordinates.longitude, ONBOARDING_COORDINATE_DECIMALS);

  return (
    <>
      <Button
        variant="secondary"
        size="lg"
        fullWidth
        icon="crosshair"
        isPending={gps.kind === 'locating' || gps.kind === 'resolving'}
        onPress={() => void detect()}
      >
        {gps.kind === 'locating'
          ? i18n.t('onboarding.location.finding')
          : i18n.t('onboarding.location.useMine')}
      </Button>
      <p className={formStyles.statusLine} role="status">
        {gps.kind === 'resolving'
          ? i18n.t('onboarding.location.lookingUp', {
              coordinates: coordinatesText(gps.coordinates),
            })
          : gps.kind === 'found'
            ? i18n.t('onboarding.location.found', {
                coordinates: coordinatesText(gps.coordinates),
                place: gps.place,
              })
            : ''}
      </p>
      {gps.kind === 'failed' ? (
        <div role="alert" className={formStyles.formAlert}>
          <Icon name="alert" size={20} className={formStyles.formAlertIcon} />
          <span>{gps.message}</span>
        </div>
      ) : null}
      <div className={labelledDivider}>{i18n.t('onboarding.location.orType')}</div>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          // The typed text is submitted with Enter (docs/product.md#spec-5): the screen's Next.
          actor.send({ type: 'user.next' });
        }}
      >
        <PlaceCombobox
          label={i18n.t('onboarding.location.fieldLabel')}
          placeholder={i18n.t('onboarding.location.placeholder')}
          value={value}
          onChange={onChange}
        />
      </form>
    </>
  );
}
