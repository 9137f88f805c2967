import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../i18n/i18n.ts';
import { eventFixture } from '../../test/fixtures.ts';
import { savedCalendarText } from './calendarFile.ts';

describe('savedCalendarText (the browser export)', () => {
  it('loads the VTIMEZONE of each zone in the list, as the feed writes it', async () => {
    const text = await savedCalendarText(
      [
        eventFixture({
          id: 'seed:a',
          date: '2026-12-05T03:00:00.000Z',
          time: '7:00 PM',
          timeZone: 'America/Los_Angeles',
        }),
        eventFixture({
          id: 'seed:b',
          date: '2026-12-05T10:00:00.000Z',
          time: '7:00 PM',
          timeZone: 'Asia/Tokyo',
        }),
      ],
      'https://famjam.example',
    );
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(
      calendar.getAllSubcomponents('vtimezone').map((zone) => zone.getFirstPropertyValue('tzid')),
    ).toEqual(['America/Los_Angeles', 'Asia/Tokyo']);
    const starts = calendar
      .getAllSubcomponents('vevent')
      .map((component) => new ICAL.Event(component).startDate);
    expect(starts.map((start) => start.zone?.tzid)).toEqual(['America/Los_Angeles', 'Asia/Tokyo']);
    expect(starts.map((start) => start.toJSDate().toISOString())).toEqual([
      '2026-12-05T03:00:00.000Z',
      '2026-12-05T10:00:00.000Z',
    ]);
  });

  describe('in Spanish', () => {
    afterEach(async () => {
      await changeLocale('en');
    });

    it("names the calendar and a cancelled event in the language in use, the event's title as it is", async () => {
      await changeLocale('es');
      const text = await savedCalendarText(
        [
          eventFixture({ id: 'seed:a', title: 'Jazz Night', timeZone: 'America/Los_Angeles' }),
          eventFixture({ id: 'seed:b', title: 'Called Off Picnic', cancelled: true }),
        ],
        'https://famjam.example',
      );
      const calendar = new ICAL.Component(ICAL.parse(text));
      expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Eventos guardados en FamJam');
      expect(calendar.getFirstPropertyValue('prodid')).toMatch(/\/\/ES$/);
      expect(
        calendar
          .getAllSubcomponents('vevent')
          .map((component) => component.getFirstPropertyValue('summary')),
      ).toEqual(['Jazz Night', 'Cancelado: Called Off Picnic']);
      expect(text).not.toMatch(/saved events|Cancelled:|saved\.calendarFile\./);
    });

    it('in English again, the words are English', async () => {
      const text = await savedCalendarText(
        [eventFixture({ id: 'seed:b', title: 'Called Off Picnic', cancelled: true })],
        'https://famjam.example',
      );
      expect(text).toContain('X-WR-CALNAME:FamJam saved events');
      expect(text).toContain('SUMMARY:Cancelled: Called Off Picnic');
    });
  });
});
