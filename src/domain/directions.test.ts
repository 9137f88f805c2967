import { describe, expect, it } from 'vitest';
import { chooserKind, chosenIndex, detectPlatform, mapOptions } from './directions.ts';

const userAgents = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  ipadAsMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  android:
    'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

const bandshell = {
  venue: 'Golden Gate Park Bandshell',
  address: '55 Music Concourse Dr, San Francisco, CA',
  latitude: 37.7694,
  longitude: -122.4662,
};
const unplaced = { ...bandshell, latitude: 0, longitude: 0 };

describe('detectPlatform', () => {
  it('tells iOS, Android and everything else apart', () => {
    expect(detectPlatform(userAgents.iphone)).toBe('ios');
    expect(detectPlatform(userAgents.android)).toBe('android');
    expect(detectPlatform(userAgents.windows)).toBe('other');
  });

  it('counts an iPad that claims to be a Mac as iOS only by its touch screen', () => {
    expect(detectPlatform(userAgents.ipadAsMac, 5)).toBe('ios');
    expect(detectPlatform(userAgents.ipadAsMac, 0)).toBe('other');
  });
});

describe('mapOptions', () => {
  it('offers Google Maps and Waze by default, to the coordinates', () => {
    const options = mapOptions(bandshell, 'other');
    expect(options.map((option) => option.name)).toEqual(['Google Maps', 'Waze']);
    const google = new URL(options[0]?.url ?? '');
    expect(google.origin + google.pathname).toBe('https://www.google.com/maps/dir/');
    expect(google.searchParams.get('api')).toBe('1');
    expect(google.searchParams.get('destination')).toBe('37.7694,-122.4662');
    const waze = new URL(options[1]?.url ?? '');
    expect(waze.origin + waze.pathname).toBe('https://waze.com/ul');
    expect(waze.searchParams.get('ll')).toBe('37.7694,-122.4662');
    expect(waze.searchParams.get('navigate')).toBe('yes');
  });

  it('adds Apple Maps as a third option on iOS', () => {
    const options = mapOptions(bandshell, 'ios');
    expect(options.map((option) => option.name)).toEqual(['Google Maps', 'Waze', 'Apple Maps']);
    const apple = new URL(options[2]?.url ?? '');
    expect(apple.origin).toBe('https://maps.apple.com');
    expect(apple.searchParams.get('daddr')).toBe('37.7694,-122.4662');
    expect(apple.searchParams.get('q')).toBe('Golden Gate Park Bandshell');
  });

  it('makes the first option a geo: link on Android, with a labelled pin', () => {
    const options = mapOptions(bandshell, 'android');
    expect(options).toHaveLength(2);
    expect(options[0]?.url).toBe(
      `geo:37.7694,-122.4662?q=${encodeURIComponent('37.7694,-122.4662(Golden Gate Park Bandshell)')}`,
    );
    expect(options[1]?.name).toBe('Waze');
  });

  it('goes by venue and address when the event has no real coordinates', () => {
    const query = 'Golden Gate Park Bandshell, 55 Music Concourse Dr, San Francisco, CA';
    const [google, waze] = mapOptions(unplaced, 'other');
    expect(new URL(google?.url ?? '').searchParams.get('destination')).toBe(query);
    expect(new URL(waze?.url ?? '').searchParams.get('q')).toBe(query);
    expect(mapOptions(unplaced, 'android')[0]?.url).toBe(`geo:0,0?q=${encodeURIComponent(query)}`);
    const apple = mapOptions({ ...unplaced, address: '' }, 'ios')[2];
    expect(new URL(apple?.url ?? '').searchParams.get('daddr')).toBe('Golden Gate Park Bandshell');
  });
});

describe('the chooser', () => {
  it('is a confirm for two options and a numbered prompt for three', () => {
    expect(chooserKind(mapOptions(bandshell, 'other'))).toBe('confirm');
    expect(chooserKind(mapOptions(bandshell, 'ios'))).toBe('prompt');
  });

  it.each([
    ['1', 0],
    ['3', 2],
    [' 2 ', 1],
  ])('accepts %j of 3 as option %i', (answer, index) => {
    expect(chosenIndex(answer, 3)).toBe(index);
  });

  it.each(['0', '4', '-1', '', ' ', '1.5', '2.0', 'two', '1e0', '2abc', '0x2'])(
    'accepts nothing else: %j opens nothing',
    (answer) => {
      expect(chosenIndex(answer, 3)).toBeNull();
    },
  );
});
