import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useAppState } from '../../app/appState.tsx';
import { labelledDivider } from '../../styles/utilities.css.ts';
import { Button, Icon, Modal, TextField } from '../../ui/index.ts';
import {
  describeGpsError,
  formatCoordinates,
  GPS_OPTIONS,
  GPS_UNSUPPORTED,
} from './gpsMessages.ts';
import * as styles from './shell.css.ts';

export interface LocationDialogProps {
  /** Controlled use; inside a DialogTrigger (as the header does) leave both out. */
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
}

/** SPEC "Other UI": GPS detection or a typed location; either sets app-state location and closes. */
export function LocationDialog({ isOpen, onOpenChange }: LocationDialogProps) {
  return (
    <Modal title="Set your location" isOpen={isOpen} onOpenChange={onOpenChange}>
      {(close) => <LocationForm onDone={close} />}
    </Modal>
  );
}

function LocationForm({ onDone }: { onDone: () => void }) {
  const { location, setLocation } = useAppState();
  const [manual, setManual] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  // A position that arrives after the dialog was closed is a cancelled request: ignore it.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const trimmed = manual.trim();

  function detect() {
    setError(null);
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      setError(GPS_UNSUPPORTED);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        if (!mounted.current) return;
        setLocating(false);
        // Coordinates for now; issue 3's /api/geo/reverse will turn them into a city label.
        setLocation(formatCoordinates(position.coords.latitude, position.coords.longitude));
        onDone();
      },
      (failure) => {
        if (!mounted.current) return;
        setLocating(false);
        setError(describeGpsError(failure.code));
      },
      GPS_OPTIONS,
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Enter submits (SPEC section 5), but never a blank location.
    if (!trimmed) return;
    setLocation(trimmed);
    onDone();
  }

  return (
    <>
      <p className={styles.locationCurrent}>
        <Icon name="mapPin" size={20} />
        <span>
          Showing events near <span className={styles.locationCurrentValue}>{location}</span>
        </span>
      </p>
      <Button
        variant="secondary"
        size="lg"
        fullWidth
        icon="crosshair"
        isPending={locating}
        onPress={detect}
      >
        {locating ? 'Finding you…' : 'Use my current location'}
      </Button>
      {error ? (
        <div role="alert" className={styles.errorBox}>
          <Icon name="alert" size={20} className={styles.errorIcon} />
          <span>{error}</span>
        </div>
      ) : null}
      <div className={labelledDivider}>or type it</div>
      <form className={styles.manualForm} onSubmit={submit}>
        <TextField
          className={styles.manualField}
          label="City, neighbourhood or ZIP code"
          placeholder="e.g. Oakland, CA"
          icon="search"
          value={manual}
          onChange={setManual}
          autoComplete="address-level2"
          enterKeyHint="done"
        />
        <Button type="submit" isDisabled={!trimmed}>
          Set
        </Button>
      </form>
    </>
  );
}
