import type { Event } from '../../contract/events.ts';

/**
 * Map directions (docs/product.md#spec-7-map-directions-links, docs/product.md#spec-9-navigation-apps, docs/product.md#spec-5-navigation-chooser): two map services by default, a third on iOS; on Android the first is a `geo:`
 * link, which hands the place to whichever maps app the phone prefers.
 */

type Platform = 'ios' | 'android' | 'other';

export interface MapOption {
  /** The service's name, as the chooser shows it. */
  name: string;
  url: string;
}

type DirectionsPlace = Pick<Event, 'venue' | 'address' | 'latitude' | 'longitude'>;

/**
 * The platform from the user agent. iPadOS Safari claims to be a Mac; only its touch screen
 * (`maxTouchPoints`) tells it apart from one. Both are parameters so tests need no browser.
 */
export function detectPlatform(userAgent: string, maxTouchPoints = 0): Platform {
  if (/\b(iPhone|iPad|iPod)\b/.test(userAgent)) return 'ios';
  if (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1) return 'ios';
  if (/\bAndroid\b/.test(userAgent)) return 'android';
  return 'other';
}

/** This browser's platform; 'other' where there is no navigator (tests, server). */
export function currentPlatform(): Platform {
  if (typeof navigator === 'undefined') return 'other';
  return detectPlatform(navigator.userAgent, navigator.maxTouchPoints);
}

/**
 * Coordinates point at the door; a typed address can match the wrong place. Imported events
 * that could not be placed carry 0, 0 (a spot in the ocean), so those go by name instead.
 */
function coordinatesOf(place: DirectionsPlace): string | null {
  const { latitude, longitude } = place;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (latitude === 0 && longitude === 0) return null;
  return `${latitude},${longitude}`;
}

/** 'Venue, address' (either may be blank) for the services to search. */
function placeQuery(place: DirectionsPlace): string {
  return [place.venue, place.address]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(', ');
}

/** The services to offer, in order. */
export function mapOptions(place: DirectionsPlace, platform: Platform): MapOption[] {
  const coordinates = coordinatesOf(place);
  const query = placeQuery(place);
  const destination = coordinates ?? query;
  const google: MapOption =
    platform === 'android'
      ? {
          name: 'Google Maps',
          // geo:lat,lon?q=lat,lon(Label) drops a labelled pin; geo:0,0?q=text searches.
          url: coordinates
            ? `geo:${coordinates}?q=${encodeURIComponent(`${coordinates}(${place.venue || query})`)}`
            : `geo:0,0?q=${encodeURIComponent(query)}`,
        }
      : {
          name: 'Google Maps',
          url: `https://www.google.com/maps/dir/?${new URLSearchParams({ api: '1', destination })}`,
        };
  const waze: MapOption = {
    name: 'Waze',
    url: `https://waze.com/ul?${new URLSearchParams(
      coordinates ? { ll: coordinates, navigate: 'yes' } : { q: query, navigate: 'yes' },
    )}`,
  };
  const options = [google, waze];
  if (platform === 'ios') {
    options.push({
      name: 'Apple Maps',
      url: `https://maps.apple.com/?${new URLSearchParams(
        coordinates ? { daddr: coordinates, q: place.venue || query } : { daddr: query },
      )}`,
    });
  }
  return options;
}

/** Two options are a confirm (one per service, or cancel); more, a numbered prompt (docs/product.md#spec-9). */
export function chooserKind(options: readonly MapOption[]): 'confirm' | 'prompt' {
  return options.length <= 2 ? 'confirm' : 'prompt';
}

/**
 * The numbered prompt's answer as an index into the options, or null when it is not a whole
 * number from 1 to `count` (docs/product.md#spec-5): then nothing opens. '2', ' 2 ' are fine; '2.0', '02x',
 * '0', '4' of 3, '' are not.
 */
export function chosenIndex(answer: string, count: number): number | null {
  const text = answer.trim();
  if (!/^[0-9]+$/.test(text)) return null;
  const number = Number(text);
  return number >= 1 && number <= count ? number - 1 : null;
}
