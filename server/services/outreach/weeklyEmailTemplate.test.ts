import { describe, expect, it } from 'vitest';
import type { Event } from '../../../contract/events.ts';
import { messagesIn } from '../../i18n.ts';
import type { WeeklyEmailContent } from './weeklyEmail.ts';
import { renderWeeklyEmail, weeklyEmailSubject } from './weeklyEmailTemplate.ts';

/*
 * The rendering alone, from content written out here: subject wording, escaping, both parts,
 * links and the unsubscribe headers. What the email holds for a real family (the search,
 * taste and saved list) is in server/jobs/weeklyEmail.test.ts.
 */

function event(overrides: Partial<Event>): Event {
  return {
    id: 'test:picnic',
    title: 'Picnic in the Park',
    description: '',
    venue: 'Golden Gate Park',
    location: 'San Francisco, CA',
    address: '',
    date: '2026-06-06T16:00:00.000Z',
    day: '2026-06-06',
    time: '9:00 AM',
    timeZone: 'America/Los_Angeles',
    price: 'Free',
    imageUrl: '',
    imageId: null,
    cancelled: false,
    category: 'sports',
    tags: [],
    isFamilyFriendly: true,
    minAge: null,
    maxAge: null,
    ticketUrl: null,
    latitude: 37.77,
    longitude: -122.48,
    distanceKm: 3,
    ...overrides,
  };
}

const weekend = {
  saturday: '2026-06-06',
  sunday: '2026-06-07',
  window: { from: new Date('2026-06-06T07:00:00Z'), until: new Date('2026-06-08T07:00:00Z') },
};

const links = {
  origin: 'https://famjam.example',
  unsubscribeUrl: 'https://famjam.example/api/email/unsubscribe?token=tok_123',
  unsubscribeMailto: 'mailto:support@famjam.example?subject=Unsubscribe',
};

const recipient = { name: 'Sam Parent', email: 'sam@example.com' };

/** The settings' defaults: Family Safe on, the app's default radius. */
const familySafeDefault = { familySafe: true, radius: undefined };

describe('the weekly email as rendered', () => {
  it('counts what it holds in the subject, in plain English', () => {
    const content = (
      picks: number,
      saved: number,
      deals: number,
      watched = 0,
    ): WeeklyEmailContent => ({
      place: 'San Francisco, CA',
      filters: familySafeDefault,
      weekend,
      picks: Array.from({ length: picks }, (_, index) => ({
        event: event({ id: `p${index}` }),
        because: null,
      })),
      saved: Array.from({ length: saved }, (_, index) => event({ id: `s${index}` })),
      deals: Array.from({ length: deals }, (_, index) => event({ id: `d${index}` })),
      watched: Array.from({ length: watched }, (_, index) => ({
        event: event({ id: `w${index}` }),
        searchName: 'tide pool',
      })),
    });
    expect(weeklyEmailSubject(content(6, 1, 2))).toBe(
      'This weekend for your family: 6 events near San Francisco',
    );
    expect(weeklyEmailSubject(content(1, 0, 0))).toBe(
      'This weekend for your family: 1 event near San Francisco',
    );
    expect(weeklyEmailSubject(content(0, 2, 1))).toBe(
      'This weekend for your family: 2 saved events',
    );
    expect(weeklyEmailSubject(content(0, 0, 1))).toBe(
      'This weekend for your family: 1 deal near San Francisco',
    );
    expect(weeklyEmailSubject(content(0, 0, 0, 2))).toBe(
      'This weekend for your family: 2 new events for your watched searches',
    );
  });

  it('escapes every text from events and the profile, in the HTML part', () => {
    const hostile = event({
      id: 'ical:<x>&"y"',
      title: '<script>alert(1)</script> & "Friends"',
      venue: "O'Brien's <b>Barn</b>",
    });
    const email = renderWeeklyEmail(
      {
        place: 'San Francisco, CA',
        filters: familySafeDefault,
        weekend,
        picks: [{ event: hostile, because: '<i>Jazz</i>' }],
        saved: [],
        deals: [],
        watched: [{ event: event({ id: 'test:other' }), searchName: '<u>tide</u> pool' }],
      },
      { name: '<img src=x onerror=alert(1)>', email: 'sam@example.com' },
      links,
    );
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<img');
    expect(email.html).not.toContain('<b>Barn');
    expect(email.html).not.toContain('<i>Jazz');
    expect(email.html).not.toContain('<u>tide');
    expect(email.html).toContain('for &quot;&lt;u&gt;tide&lt;/u&gt; pool&quot;');
    expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Friends&quot;');
    expect(email.html).toContain('O&#39;Brien&#39;s &lt;b&gt;Barn&lt;/b&gt;');
    // The id is percent-encoded into the link, as the app's own event links are.
    expect(email.html).toContain(
      `href="https://famjam.example/event/${encodeURIComponent('ical:<x>&"y"')}"`,
    );
    // The text part is text: nothing to escape, and the words read as written.
    expect(email.text).toContain('* <script>alert(1)</script> & "Friends"');
  });

  it('has a text and an HTML part with the same links, the reason, the settings and unsubscribe', () => {
    const email = renderWeeklyEmail(
      {
        place: 'San Francisco, CA',
        filters: familySafeDefault,
        weekend,
        picks: [
          {
            event: event({ id: 'test:jazz', title: 'Jazz', time: '6:00 PM', price: '$25' }),
            because: 'Jazz',
          },
        ],
        saved: [
          event({
            id: 'test:puppets',
            title: 'Puppet Show',
            day: '2026-06-07',
            time: '2:00 PM',
            cancelled: true,
          }),
        ],
        deals: [event({ id: 'test:circus', title: 'Circus', price: '$30' })],
        watched: [
          {
            event: event({
              id: 'test:tidepool',
              title: 'Tide Pool Discovery Morning',
              day: '2026-06-13',
              time: '8:00 AM',
            }),
            searchName: 'tide pool',
          },
        ],
      },
      recipient,
      links,
    );
    for (const part of [email.text, email.html]) {
      expect(part).toContain('https://famjam.example/event/test%3Ajazz');
      expect(part).toContain('https://famjam.example/event/test%3Apuppets');
      expect(part).toContain('https://famjam.example/event/test%3Acircus');
      expect(part).toContain('https://famjam.example/event/test%3Atidepool');
      expect(part).toContain(
        part === email.text ? 'NEW FOR YOUR WATCHED SEARCHES' : 'New for your watched searches',
      );
      expect(part).toContain('https://famjam.example/profile');
      expect(part).toContain(links.unsubscribeUrl);
      expect(part).toContain('Because you like Jazz');
      expect(part).toMatch(/Puppet Show[\s\S]*Cancelled/);
      expect(part).toContain('Saturday, June 6 and Sunday, June 7');
      expect(part).toContain(
        'You are getting this because you turned on the weekly email "This weekend for your family" in FamJam for sam@example.com.'.replaceAll(
          '"',
          part === email.html ? '&quot;' : '"',
        ),
      );
    }
    expect(email.text).toContain(
      'Here is what is on near San Francisco, CA this weekend, Saturday, June 6 and Sunday, June 7. Family Safe is on: only family-friendly events.',
    );
    expect(email.text).toContain('Sat, Jun 6 · 6:00 PM · Golden Gate Park · $25');
    expect(email.text).toContain('Hi Sam,');
    expect(email.text).toContain(
      '* Puppet Show\n  Sun, Jun 7 · 2:00 PM · Golden Gate Park · Free\n  Cancelled\n',
    );
    expect(email.text).toContain(
      '* Tide Pool Discovery Morning · for "tide pool"\n  Sat, Jun 13 · 8:00 AM · Golden Gate Park · Free\n  https://famjam.example/event/test%3Atidepool\n',
    );
    // The same link style as every item: the title is the link, the search said after it.
    expect(email.html).toContain(
      'href="https://famjam.example/event/test%3Atidepool" style="color:#1d4fb8;text-decoration:none;">Tide Pool Discovery Morning</a><span class="fj-muted" style="font-weight:400;color:#55554f;"> · for &quot;tide pool&quot;</span>',
    );
    expect(email.html).toContain('<meta name="color-scheme" content="light dark">');
    expect(email.html).toContain('@media (prefers-color-scheme: dark)');
    expect(email.html).not.toMatch(/<img\b/);
    expect(email.headers).toEqual({
      'List-Unsubscribe': `<${links.unsubscribeUrl}>, <${links.unsubscribeMailto}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it("says the family's radius and Family Safe, and its Search links keep the radius", () => {
    const email = renderWeeklyEmail(
      {
        place: 'San Francisco, CA',
        filters: { familySafe: false, radius: { amount: 5, unit: 'mi' } },
        weekend,
        picks: [{ event: event({ id: 'test:jazz', title: 'Jazz' }), because: null }],
        saved: [],
        deals: [],
        watched: [],
      },
      recipient,
      links,
    );
    for (const part of [email.text, email.html]) {
      expect(part).toContain(
        'Here is what is on within 5 mi of San Francisco, CA this weekend, Saturday, June 6 and Sunday, June 7. Family Safe is off, so events for adults are included.',
      );
      expect(part).toContain(
        'https://famjam.example/search?date=weekend&amp;location=San+Francisco%2C+CA&amp;radius=5mi'.replaceAll(
          '&amp;',
          part === email.html ? '&amp;' : '&',
        ),
      );
    }
  });
});

describe('the weekly email in Spanish', () => {
  const content = (
    picks: number,
    saved: number,
    deals: number,
    watched = 0,
    place: string | null = 'San Francisco, CA',
  ): WeeklyEmailContent => ({
    place,
    filters: familySafeDefault,
    weekend,
    picks: Array.from({ length: picks }, (_, index) => ({
      event: event({ id: `p${index}` }),
      because: null,
    })),
    saved: Array.from({ length: saved }, (_, index) => event({ id: `s${index}` })),
    deals: Array.from({ length: deals }, (_, index) => event({ id: `d${index}` })),
    watched: Array.from({ length: watched }, (_, index) => ({
      event: event({ id: `w${index}` }),
      searchName: 'pozas de marea',
    })),
  });

  it('counts what it holds in the subject, singular and plural', () => {
    const spanish = messagesIn('es');
    const subject = (...counts: Parameters<typeof content>) =>
      weeklyEmailSubject(content(...counts), spanish);
    expect(subject(6, 1, 2)).toBe(
      'Este fin de semana en familia: 6 eventos cerca de San Francisco',
    );
    expect(subject(1, 0, 0)).toBe('Este fin de semana en familia: 1 evento cerca de San Francisco');
    expect(subject(0, 1, 1)).toBe('Este fin de semana en familia: 1 evento guardado');
    expect(subject(0, 0, 3)).toBe(
      'Este fin de semana en familia: 3 ofertas cerca de San Francisco',
    );
    expect(subject(0, 0, 1, 0, null)).toBe('Este fin de semana en familia: 1 oferta');
    expect(subject(0, 0, 0, 2)).toBe(
      'Este fin de semana en familia: 2 eventos nuevos de las búsquedas que sigues',
    );
  });

  it('writes the radius, the watched searches and a one-day weekend in Spanish', () => {
    const email = renderWeeklyEmail(
      {
        ...content(0, 0, 0, 1),
        filters: { familySafe: false, radius: { amount: 10, unit: 'km' } },
        weekend: { ...weekend, sunday: '2026-06-06' },
      },
      { name: '', email: 'rosa@example.com', language: 'es' },
      links,
    );
    expect(email.text).toContain('¡Hola!\n');
    expect(email.text).toContain(
      'Esto es lo que hay a 10 km o menos de San Francisco, CA este fin de semana, sábado, 6 de junio. «Apto para familias» está desactivado, así que también hay eventos para adultos.',
    );
    expect(email.text).toContain('NOVEDADES DE LAS BÚSQUEDAS QUE SIGUES\n');
    expect(email.text).toContain(
      '* Picnic in the Park · para “pozas de marea”\n  sáb, 6 jun · 9:00 AM · Golden Gate Park · Gratis\n',
    );
    expect(email.text).toContain('Cambia las búsquedas que sigues: https://famjam.example/profile');
    expect(email.html).toContain('<html lang="es">');
    expect(email.html).toContain('> · para “pozas de marea”</span>');
    expect(`${email.subject}${email.text}${email.html}`).not.toMatch(/server\.email\./);
  });
});
