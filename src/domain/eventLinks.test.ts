import { describe, expect, it } from 'vitest';
import { eventHash, eventIdFromHash, eventShareUrl } from './eventLinks.ts';

describe('event links', () => {
  it('shares the /event/{id} address, with the id encoded', () => {
    expect(eventShareUrl('seed:sf-0001', 'https://famjam.example')).toBe(
      'https://famjam.example/event/seed%3Asf-0001',
    );
    expect(eventShareUrl('ical:a/b@x', 'https://famjam.example')).toBe(
      'https://famjam.example/event/ical%3Aa%2Fb%40x',
    );
  });

  it('reads back the id a hash names', () => {
    expect(eventIdFromHash(`#${eventHash('seed:sf-0001')}`)).toBe('seed:sf-0001');
    expect(eventIdFromHash('event-seed:sf-0001')).toBe('seed:sf-0001');
    expect(eventIdFromHash('#event-seed%3Asf-0001')).toBe('seed:sf-0001');
    expect(eventIdFromHash('#event-100%')).toBe('100%');
  });

  it('finds no id in any other hash', () => {
    for (const hash of ['', '#', '#event-', '#event-  ', '#top', '#events-1', 'seed:sf-0001']) {
      expect(eventIdFromHash(hash), hash).toBeNull();
    }
  });
});
