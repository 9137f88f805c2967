/**
 * docs/product.md#spec-8-gps: every message starts with this prefix.
 * Geolocation error codes are the W3C numbers (GeolocationPositionError), spelled out here because
 * the constants are not defined in every environment (jsdom, older WebViews).
 */
const GPS_ERROR_PREFIX = 'Unable to get your location. ';

const GEOLOCATION_PERMISSION_DENIED = 1;
const GEOLOCATION_POSITION_UNAVAILABLE = 2;
const GEOLOCATION_TIMEOUT = 3;

/** The spec leaves the wording to us: one line per browser, then the manual fallback. */
const GPS_PERMISSION_DENIED_HELP = [
  'Location access is blocked for this site. To allow it:',
  '• Chrome: tap the icon to the left of the address, open Permissions (or Site settings) and set Location to Allow.',
  '• Safari: on iPhone open Settings › Privacy & Security › Location Services › Safari Websites and choose While Using the App; on a Mac open Safari › Settings › Websites › Location and choose Allow.',
  '• Firefox: tap the permissions icon in the address bar and clear the blocked Location permission.',
  'Then try again, or enter your location manually below.',
].join('\n');

const GPS_POSITION_UNAVAILABLE =
  "Location information is unavailable. Please check your device's location settings and try again, or enter your location manually.";
const GPS_TIMEOUT = 'Location request timed out. Please try again or enter your location manually.';
const GPS_UNKNOWN_ERROR = 'An unknown error occurred. Please try entering your location manually.';

const GPS_UNSUPPORTED =
  'GPS is not supported by this browser. Please enter your location manually using the text field below.';

/** docs/product.md#spec-9: high accuracy, 10 s timeout, 1 minute maximum age. */
const GPS_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 10_000,
  maximumAge: 60_000,
};

/** The texts of one place that asks for a GPS fix, one per failure. */
interface GpsMessages {
  denied: string;
  unavailable: string;
  timeout: string;
  unknown: string;
  unsupported: string;
}

/** docs/product.md#spec-8-gps. */
const headerGpsMessages: GpsMessages = {
  denied: GPS_ERROR_PREFIX + GPS_PERMISSION_DENIED_HELP,
  unavailable: GPS_ERROR_PREFIX + GPS_POSITION_UNAVAILABLE,
  timeout: GPS_ERROR_PREFIX + GPS_TIMEOUT,
  unknown: GPS_ERROR_PREFIX + GPS_UNKNOWN_ERROR,
  unsupported: GPS_UNSUPPORTED,
};

/**
 * docs/product.md#spec-8-onboarding-location: the denied text is the spec's; the others are ours, in
 * the same voice (what happened, then "enter your location manually" first, since the text box
 * is right there on the step).
 */
export const onboardingGpsMessages: GpsMessages = {
  denied:
    'Location access was denied. Please enter your location manually or enable location permissions in your browser.',
  unavailable:
    "Location information is unavailable. Please enter your location manually or check your device's location settings.",
  timeout: 'Location request timed out. Please enter your location manually or try again.',
  unknown:
    'An unknown error occurred while getting your location. Please enter your location manually.',
  unsupported: 'GPS is not supported by this browser. Please enter your location manually.',
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
