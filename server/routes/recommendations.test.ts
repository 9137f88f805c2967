import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredCategoryId } from '../../contract/categories.ts';
import { Recommendations } from '../../contract/recommendations.ts';
import type { CreateUserBody } from '../../contract/user.ts';
import { warmGazetteer } from '../services/geocoding.ts';
import { places } from '../test/fixtureApp.ts';
import {
  bearer,
  buildTestApp,
  createEmulatorUser,
  createOnboardedUser,
  type EmulatorUser,
  expectInContract,
  insertTestEvent,
} from '../test/helpers.ts';
import type { FamJamApp } from '../types.ts';

let app: FamJamApp;

beforeAll(async () => {
  app = await buildTestApp();
  // Seconds of synchronous work, done before any emulator call (see notifications.test.ts).
  warmGazetteer();
});

afterAll(async () => {
  await app?.close();
});

const hour = 60 * 60 * 1000;
let eventCount = 0;

interface EventInput {
  title: string;
  category?: StoredCategoryId;
  tags?: string[];
  description?: string;
  startsInHours?: number;
  at?: { latitude: number; longitude: number };
  family?: boolean;
  minAge?: number;
}

/** One event; each later than the last unless told, so soonest-first is the order added. */
async function addEvent(input: EventInput): Promise<string> {
  eventCount += 1;
  const { startsInHours, ...rest } = input;
  return insertTestEvent(app, {
    ...rest,
    startsAt: new Date(Date.now() + (startsInHours ?? 24 + eventCount) * hour),
  });
}

async function onboarded(
  taste: Pick<CreateUserBody, 'musicPreferences' | 'musicArtists'> & Partial<CreateUserBody>,
): Promise<EmulatorUser> {
  return createOnboardedUser(app, { location: 'San Francisco, CA', ...taste });
}

async function recommendations(user: EmulatorUser, query = ''): Promise<Recommendations> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/me/recommendations${query}`,
    headers: bearer(user),
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  expectInContract(body, Recommendations, 'GET /api/me/recommendations');
  return body;
}

const ids = (result: Recommendations) => result.rows.flatMap((row) => row.events.map((e) => e.id));
const rowOf = (result: Recommendations, because: string) =>
  result.rows.find((row) => row.because === because);

describe('GET /api/me/recommendations authorisation and input', () => {
  it('answers 401 without a token and with a garbage one', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }]) {
      const response = await app.inject({ method: 'GET', url: '/api/me/recommendations', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe('unauthorized');
    }
  });

  it('answers 400 JSON naming a bad query value', async () => {
    const user = await onboarded({ musicPreferences: ['Jazz'] });
    const cases: [string, string, RegExp][] = [
      ['?ages=wizards', 'bad_request', /ages: "wizards" is not a family group/],
      ['?familyMode=maybe', 'bad_request', /familyMode/],
      ['?radiusKm=-5', 'bad_request', /radiusKm/],
      ['?location=Qwzxplorbville', 'unknown_location', /Qwzxplorbville/],
      ['?date=someday', 'bad_request', /date/],
      ['?date=today&tz=Mars%2FOlympus', 'bad_request', /tz "Mars\/Olympus"/],
    ];
    for (const [query, error, message] of cases) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/me/recommendations${query}`,
        headers: bearer(user),
      });
      expect(response.statusCode, query).toBe(400);
      const body = response.json();
      expect(body.error, query).toBe(error);
      expect(body.message, query).toMatch(message);
    }
  });

  it('answers no rows, not an error, without a profile or without a taste', async () => {
    await addEvent({ title: 'Any Old Jazz Night', tags: ['Jazz'] });
    const stranger = await createEmulatorUser();
    const strangerAnswer = await app.inject({
      method: 'GET',
      url: '/api/me/recommendations',
      headers: bearer(stranger),
    });
    expect(strangerAnswer.statusCode).toBe(200);
    expect(strangerAnswer.json()).toEqual({ rows: [] });
    const tasteless = await onboarded({ musicPreferences: [], musicArtists: [] });
    expect(await recommendations(tasteless)).toEqual({ rows: [] });
  });
});

describe('GET /api/me/recommendations matching', () => {
  it('shows Jazz fans a jazz event (tag, or a music event saying jazz) and not a rock one', async () => {
    const tagged = await addEvent({ title: 'Late Set at the Club', tags: ['Jazz', 'Nightlife'] });
    const described = await addEvent({
      title: 'Sunday Session',
      description: 'A smoky jazz quartet plays standards.',
    });
    const rock = await addEvent({ title: 'Garage Rock Night', tags: ['Rock'] });
    const notMusic = await addEvent({
      title: 'Poster Exhibit',
      category: 'arts',
      description: 'Posters from the jazz age.',
    });
    const fan = await onboarded({ musicPreferences: ['Jazz'] });
    const result = await recommendations(fan);
    expect(result.rows.map((row) => [row.because, row.reason])).toEqual([['Jazz', 'genre']]);
    const found = ids(result);
    expect(found).toEqual(expect.arrayContaining([tagged, described]));
    expect(found).not.toContain(rock);
    expect(found).not.toContain(notMusic);
    expect(rowOf(result, 'Jazz')?.events.find((e) => e.id === tagged)?.title).toBe(
      'Late Set at the Club',
    );
  });

  it("puts artists first, matches whole words ('Raffi' is not 'Raffinato') with accents folded", async () => {
    const raffi = await addEvent({ title: 'Raffi Live: Baby Beluga Tour', tags: ['Kids'] });
    const raffinato = await addEvent({ title: 'Raffinato Kids Dinner Show', tags: ['Family'] });
    const zoe = await addEvent({ title: 'ZOE KEATING: cello loops', tags: ['Classical'] });
    const fan = await onboarded({
      musicArtists: ['Raffi', 'Zoë Keating'],
      musicPreferences: ['Family'],
    });
    const result = await recommendations(fan);
    expect(result.rows.map((row) => [row.because, row.reason])).toEqual([
      ['Raffi', 'artist'],
      ['Zoë Keating', 'artist'],
      ['Family', 'genre'],
    ]);
    expect(rowOf(result, 'Raffi')?.events.map((e) => e.id)).toEqual([raffi]);
    expect(rowOf(result, 'Zoë Keating')?.events.map((e) => e.id)).toEqual([zoe]);
    const family = rowOf(result, 'Family')?.events.map((e) => e.id) ?? [];
    expect(family).toContain(raffinato);
    // In the first row it matches only: Raffi's show (tagged Kids) is not repeated under Family.
    expect(family).not.toContain(raffi);
    expect(ids(result).filter((id) => id === raffi)).toHaveLength(1);
  });

  it('does not take a Pop-Up Market for Pop, and drops a row whose events earlier rows took', async () => {
    const popUp = await addEvent({ title: 'Pop-Up Vinyl Market', category: 'popup', tags: [] });
    const pop = await addEvent({ title: 'Pop Hits Singalong', tags: ['Pop', 'Blues'] });
    const fan = await onboarded({ musicPreferences: ['Pop', 'Blues'] });
    const result = await recommendations(fan);
    expect(result.rows.map((row) => row.because)).toEqual(['Pop']);
    expect(ids(result)).toEqual([pop]);
    expect(ids(result)).not.toContain(popUp);
  });

  it("matches words, not stems: the Beatles' classics are not Classical", async () => {
    const classics = await addEvent({
      title: 'Little Rockers',
      description: 'Beatles classics played as a rock show sized for kids.',
      tags: ['Concert'],
    });
    const symphony = await addEvent({ title: 'Symphony Storytime', tags: ['Storytime'] });
    const fan = await onboarded({ musicPreferences: ['Classical'] });
    const found = ids(await recommendations(fan));
    expect(found).toContain(symphony);
    expect(found).not.toContain(classics);
  });

  it('hides a match that is not family-friendly in family mode, and one too old for the ages', async () => {
    const forAll = await addEvent({ title: 'Bluegrass Picnic', tags: ['Country'], family: true });
    const lateBar = await addEvent({ title: 'Honky Tonk Country Bar', tags: ['Country'] });
    const grownUps = await addEvent({
      title: 'Country After Dark',
      tags: ['Country'],
      family: true,
      minAge: 21,
    });
    const fan = await onboarded({ musicPreferences: ['Country'] });
    expect(ids(await recommendations(fan))).toEqual([forAll, lateBar, grownUps]);
    expect(ids(await recommendations(fan, '?familyMode=true'))).toEqual([forAll, grownUps]);
    expect(ids(await recommendations(fan, '?familyMode=true&ages=young_kids'))).toEqual([forAll]);
    expect(ids(await recommendations(fan, '?ages=teens,young_kids'))).toEqual([forAll, lateBar]);
  });

  it('leaves out events beyond the radius, and past ones, and finds them from their own place', async () => {
    const here = await addEvent({ title: 'Electronic Rooftop', tags: ['Electronic'] });
    const sanJose = await addEvent({
      title: 'Electronic Warehouse',
      tags: ['Electronic'],
      at: places.sanJose,
    });
    const past = await addEvent({
      title: 'Electronic Brunch',
      tags: ['Electronic'],
      startsInHours: -5,
    });
    const fan = await onboarded({ musicPreferences: ['Electronic'] });
    const nearSf = ids(await recommendations(fan));
    expect(nearSf).toEqual([here]);
    expect(nearSf).not.toContain(past);
    expect(ids(await recommendations(fan, '?location=San%20Jose%2C%20CA'))).toEqual([sanJose]);
    expect(ids(await recommendations(fan, '?radiusKm=100'))).toEqual([here, sanJose]);
  });

  it("follows Home's date chip: only the chosen day's matches, in the caller's zone", async () => {
    // Ten days ahead, at 18:00 UTC: mid-morning in California whatever the season.
    const dayAt = (offset: number) =>
      new Date(Date.now() + offset * 24 * hour).toISOString().slice(0, 10);
    const onDay = (day: string) => new Date(`${day}T18:00:00Z`);
    const chosen = dayAt(10);
    const inside = await insertTestEvent(app, {
      title: 'Ska Brunch',
      tags: ['Ska'],
      startsAt: onDay(chosen),
    });
    const nextDay = await insertTestEvent(app, {
      title: 'Ska Sunset',
      tags: ['Ska'],
      startsAt: onDay(dayAt(11)),
    });
    const fan = await onboarded({ musicPreferences: ['Ska'] });
    expect(ids(await recommendations(fan))).toEqual([inside, nextDay]);
    expect(ids(await recommendations(fan, `?date=${chosen}&tz=America%2FLos_Angeles`))).toEqual([
      inside,
    ]);
    expect(ids(await recommendations(fan, '?date=tomorrow'))).toEqual([]);
  });

  it('uses the profile location when the query names none', async () => {
    const sanJose = await addEvent({
      title: 'Rap Battle Finals',
      tags: ['Rap'],
      at: places.sanJose,
    });
    const local = await onboarded({ musicPreferences: ['Rap'], location: 'San Jose, CA' });
    expect(ids(await recommendations(local))).toEqual([sanJose]);
  });

  it('caps rows at 3 and events per row at 10, soonest first', async () => {
    const blues = [];
    for (let index = 0; index < 11; index += 1) {
      blues.push(await addEvent({ title: `Delta Blues Night ${index + 1}`, tags: ['Blues'] }));
    }
    await addEvent({ title: 'Hip Hop Block Party', tags: [] });
    await addEvent({ title: 'Symphony in the Park' });
    await addEvent({ title: 'Indie Rock Showcase' });
    const fan = await onboarded({ musicPreferences: ['Blues', 'Hip-Hop', 'Classical', 'Rock'] });
    const result = await recommendations(fan);
    expect(result.rows.map((row) => row.because)).toEqual(['Blues', 'Hip-Hop', 'Classical']);
    // The Pop test's singalong is tagged Blues too, and sooner than these.
    expect(
      rowOf(result, 'Blues')
        ?.events.map((e) => e.id)
        .slice(-9),
    ).toEqual(blues.slice(0, 9));
    expect(rowOf(result, 'Blues')?.events).toHaveLength(10);
  });

  it("matches each caller's own taste only", async () => {
    const jazz = await addEvent({ title: 'Harbor Jazz Cruise', tags: ['Jazz'] });
    const hipHop = await addEvent({ title: 'Hip-Hop Dance Battle', tags: ['Dance'] });
    const jazzFan = await onboarded({ musicPreferences: ['Jazz'] });
    const hipHopFan = await onboarded({ musicPreferences: ['Hip-Hop'] });
    const forJazz = await recommendations(jazzFan);
    const forHipHop = await recommendations(hipHopFan);
    expect(forJazz.rows.map((row) => row.because)).toEqual(['Jazz']);
    expect(forHipHop.rows.map((row) => row.because)).toEqual(['Hip-Hop']);
    expect(ids(forJazz)).toContain(jazz);
    expect(ids(forJazz)).not.toContain(hipHop);
    expect(ids(forHipHop)).toContain(hipHop);
    expect(ids(forHipHop)).not.toContain(jazz);
  });
});
