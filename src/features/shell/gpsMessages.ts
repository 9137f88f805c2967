import { i18n } from './laterMessages.ts';

/*
 * docs/product.md#spec-8-gps. The header's messages all start 'Unable to get your location. '
 * (each is one whole sentence in the catalogue, so a language can word it its own way).
 * Geolocation error codes are the W3C numbers (GeolocationPositionError), spelled out here because
 * the constants are not defined in every environment (jsdom, older WebViews).
 */

const GEOLOCATION_PERMISSION_DENIED = 1;
const GEOLOCATION_POSITION_UNAVAILABLE = 2;
const GEOLOCATION_TIMEOUT = 3;

/** docs/product.md#spec-9: high accuracy, 10 s timeout, 1 minute maximum age. */
const GPS_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 10_000,
  maximumAge: 60_000,
};

/**
 * The texts of one place that asks for a GPS fix, one per failure. Getters: each is read when a
 * failure is told, in the language then in use.
 */
interface GpsMessages {
  readonly denied: string;
  readonly unavailable: string;
  readonly timeout: string;
  readonly unknown: string;
  readonly unsupported: string;
}

/**
 * docs/product.md#spec-8-gps. The denied text is ours (the spec leaves the wording to us): one
 * line per browser, then the manual fallback.
 */
const headerGpsMessages: GpsMessages = {
  // One line per browser, each its own message (a catalogue text is one line).
  get denied() {
    return [
      i18n.t('shell.gps.header.denied'),
      i18n.t('shell.gps.header.deniedChrome'),
      i18n.t('shell.gps.header.deniedSafari'),
      i18n.t('shell.gps.header.deniedFirefox'),
      i18n.t('shell.gps.header.deniedThen'),
    ].join('\n');
  },
  get unavailable() {
    return i18n.t('shell.gps.header.unavailable');
  },
  get timeout() {
    return i18n.t('shell.gps.header.timeout');
  },
  get unknown() {
    return i18n.t('shell.gps.header.unknown');
  },
  get unsupported() {
    return i18n.t('shell.gps.header.unsupported');
  },
};

/**
 * docs/product.md#spec-8-onboarding-location: the denied text is the spec's; the others are ours, in
 * the same voice (what happened, then "enter your location manually" first, since the text box
 * is right there on the step).
 */
export const onboardingGpsMessages: GpsMessages = {
  get denied() {
    return i18n.t('shell.gps.onboarding.denied');
  },
  get unavailable() {
    return i18n.t('shell.gps.onboarding.unavailable');
  },
  get timeout() {
    return i18n.t('shell.gps.onboarding.timeout');
  },
  get unknown() {
    return i18n.t('shell.gps.onboarding.unknown');
  },
  get unsupported() {
    return i18n.t('shell.gps.onboarding.unsupported');
  },
};

function describeGpsError(code: number, messages: GpsMessages = headerGpsMessages): string {
  switch (code) {
    case GEOLOCATION_PERMISSION_DENIED:
      return messages.denied;
    case GEOLOCATION_POSITION_UNAVAILABLE:
      return messages.unavailable;
    case GEOLOCATION_TIMEOUT:
      return messages.timeout;
    default:
      return messages.unknown;
  }
}

/** A GPS failure whose message is the text docs/product.md gives to show. */
export class GpsError extends Error {
  override name = 'GpsError';
}

/**
 * One GPS fix with the options docs/product.md gives, as a promise. Rejects with a GpsError carrying the text
 * from `messages` (the header's by default): the failure's, or the unsupported-browser one.
 */
export function requestPosition(
  messages: GpsMessages = headerGpsMessages,
): Promise<GeolocationCoordinates> {
  return new Promise((resolve, reject) => {
    // Some WebViews define the property but leave it null.
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      reject(new GpsError(messages.unsupported));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve(position.coords),
      (failure) => reject(new GpsError(describeGpsError(failure.code, messages))),
      GPS_OPTIONS,
    );
  });
}

/**
 * A city lookup needs no more than ~100 m of precision: rounding sends less of where the person
 * is, and nearby fixes share one cached answer.
 */
const LOOKUP_DECIMALS = 3;

/** A GPS fix rounded for the reverse-geocoding lookup (and for storing beside the city). */
export function lookupPosition(coords: { latitude: number; longitude: number }): {
  latitude: number;
  longitude: number;
} {
  return {
    latitude: Number(coords.latitude.toFixed(LOOKUP_DECIMALS)),
    longitude: Number(coords.longitude.toFixed(LOOKUP_DECIMALS)),
  };
}
