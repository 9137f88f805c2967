import { DEFAULT_RADIUS_KM, type Event } from '../../../contract/events.ts';
import { type FamilyGroupId, familyGroupIds } from '../../../contract/family.ts';
import { parseRadiusParam, type Radius, radiusKm } from '../../../contract/radius.ts';
import type { Database } from '../../db/client.ts';
import type { TimeWindow } from '../../stores/search.ts';
import { watchedMatchesOf } from '../../stores/watchedSearches.ts';
import { areaFor } from '../area.ts';
import { InvalidInputError } from '../errors.ts';
import { ageSpansOf, findEventsByIds } from '../events.ts';
import { recommendationRows, tasteOf } from '../recommendations.ts';
import { readSavedIds } from '../saved.ts';
import { dateWindow, searchEvents } from '../search.ts';
import { calendarDateAt, isoDate } from '../zonedTime.ts';

/*
 * What the Thursday email "This weekend for your family" holds for one family, gathered with the
 * app's own service functions, so the email promises what Home and Search show: the weekend's
 * events near the profile's place within the family's radius (Search with date=weekend), those
 * matching the family's taste first (Home's 'Because you like …' rows), its saved events on
 * those days, and a few deals (Search's 'deals' category), with the Family Safe and radius the
 * settings keep (sent by the device that last chose them). Last, the events newly matched
 * for the family's watched searches since the previous Thursday (the bell's and push's
 * 'watched' news, told once more here, as issue 34 promises).
 */

/** At most this many events in 'This weekend near you' (the subject counts them). */
export const WEEKLY_EMAIL_MAX_EVENTS = 6;
/** Of those, at most this many come from the taste match first. */
const MAX_TASTE_PICKS = 3;
/** At most this many deals. */
export const WEEKLY_EMAIL_MAX_DEALS = 3;
/** At most this many in 'New for your watched searches'. */
export const WEEKLY_EMAIL_MAX_WATCHED = 5;
/** Matches newer than this are new since the previous weekly email (the Thursday before). */
const WATCHED_LOOKBACK_DAYS = 7;
const dayMs = 24 * 60 * 60 * 1000;
/** Read from Search: enough to fill the list after taste picks and cancelled events drop out. */
const SEARCH_PAGE = 20;

export interface WeeklyEmailFamily {
  userId: string;
  firebaseUid: string;
  location: string;
  /** The onboarding family groups, comma-joined ('young_kids,teens'). */
  familySituation: string;
  /** The settings' zone: the weekend's days are counted in it, as the app counts them. */
  timeZone: string;
  /** Only family-friendly events when true (the app's Family Safe, as the settings keep it). */
  familySafe: boolean;
  /** How far around the place, as Search's URL writes it ('5mi'); null for the app's default. */
  radius: string | null;
}

export interface WeeklyEmailPick {
  event: Event;
  /** The artist or genre it matched ('Jazz'), or null for a plain pick of the weekend. */
  because: string | null;
}

export interface WeeklyEmailWatchedMatch {
  event: Event;
  /** The name of the watched search it matched ('tide pool'). */
  searchName: string;
}

export interface WeeklyEmailContent {
  /** The profile's place as the app labels it ('San Francisco, CA'); null when unknown. */
  place: string | null;
  /** What the weekend's events were chosen with, for the email to say (and its links to carry). */
  filters: { familySafe: boolean; radius: Radius | undefined };
  /** The Saturday and Sunday, 'YYYY-MM-DD', and the instants they span in the family's zone. */
  weekend: { saturday: string; sunday: string; window: TimeWindow };
  picks: WeeklyEmailPick[];
  /** The family's saved events starting that weekend (a cancelled one too: they should know). */
  saved: Event[];
  deals: Event[];
  /** Upcoming events matched for a watched search (not paused) in the week before; soonest first. */
  watched: WeeklyEmailWatchedMatch[];
}

const knownGroups = new Set<string>(familyGroupIds);

function familyAges(familySituation: string) {
  const groups = familySituation
    .split(',')
    .map((id) => id.trim())
    .filter((id): id is FamilyGroupId => knownGroups.has(id));
  return ageSpansOf(groups);
}

/**
 * The circle the app searches around the profile's place, as far as the family chose (Search's
 * radius; the API's default without one); null for a place it cannot find.
 */
function profileArea(location: string, chosen: Radius | undefined) {
  try {
    return areaFor(location, chosen === undefined ? DEFAULT_RADIUS_KM : radiusKm(chosen));
  } catch (error) {
    if (error instanceof InvalidInputError) return null;
    throw error;
  }
}

const startsIn = (event: Event, window: TimeWindow) => {
  const start = new Date(event.date).getTime();
  return start >= window.from.getTime() && start < window.until.getTime();
};

/** The weekend `now` looks ahead to in the zone: the coming Saturday and Sunday (Search's 'weekend'). */
export function weekendAhead(timeZone: string, now: Date): WeeklyEmailContent['weekend'] {
  const window = dateWindow('weekend', timeZone, now);
  const saturday = calendarDateAt(window.from, timeZone);
  const sunday = calendarDateAt(new Date(window.until.getTime() - 1), timeZone);
  return { saturday: isoDate(saturday), sunday: isoDate(sunday), window };
}

/**
 * The events matched for the family's watched searches (not paused) in the week before `now`,
 * upcoming and going ahead, each once, soonest first, leaving out those the email already lists.
 */
async function watchedNews(
  db: Database,
  family: WeeklyEmailFamily,
  now: Date,
  listed: ReadonlySet<string>,
): Promise<WeeklyEmailWatchedMatch[]> {
  const since = new Date(now.getTime() - WATCHED_LOOKBACK_DAYS * dayMs);
  const matches = (
    await watchedMatchesOf(db, family.userId, { since, now, pausedToo: false })
  ).filter((match) => !listed.has(match.id));
  if (matches.length === 0) return [];
  const searchNameOf = new Map(matches.map((match) => [match.id, match.searchName]));
  const found = await findEventsByIds(db, [...searchNameOf.keys()]);
  return found
    .filter((event) => !event.cancelled)
    .sort(
      (a, b) => new Date(a.date).getTime() - new Date(b.date).getTime() || a.id.localeCompare(b.id),
    )
    .slice(0, WEEKLY_EMAIL_MAX_WATCHED)
    .map((event) => ({ event, searchName: searchNameOf.get(event.id) ?? '' }));
}

/** One family's email, as of `now`. */
export async function weeklyEmailContent(
  db: Database,
  family: WeeklyEmailFamily,
  now: Date,
): Promise<WeeklyEmailContent> {
  const weekend = weekendAhead(family.timeZone, now);
  const filters = { familySafe: family.familySafe, radius: parseRadiusParam(family.radius) };
  const area = profileArea(family.location, filters.radius);
  const ages = familyAges(family.familySituation);

  const savedIds = await readSavedIds(db, family.firebaseUid);
  const saved = (await findEventsByIds(db, savedIds)).filter((event) =>
    startsIn(event, weekend.window),
  );
  if (area === null) {
    const watched = await watchedNews(db, family, now, new Set(saved.map((event) => event.id)));
    return { place: null, filters, weekend, picks: [], saved, deals: [], watched };
  }

  const picks: WeeklyEmailPick[] = [];
  const taken = new Set<string>(saved.map((event) => event.id));
  const take = (event: Event, because: string | null) => {
    if (taken.has(event.id) || event.cancelled || picks.length >= WEEKLY_EMAIL_MAX_EVENTS) return;
    taken.add(event.id);
    picks.push({ event, because });
  };

  const taste = await tasteOf(db, family.firebaseUid);
  if (taste !== null) {
    const rows = await recommendationRows(db, taste, {
      area,
      familyMode: family.familySafe,
      ages,
      now,
      window: weekend.window,
    });
    for (const row of rows) {
      for (const event of row.events) {
        if (picks.length < MAX_TASTE_PICKS) take(event, row.because);
      }
    }
  }
  const common = {
    area,
    familyMode: family.familySafe,
    ages,
    date: 'weekend',
    timeZone: family.timeZone,
    now,
  } as const;
  const nearby = await searchEvents(db, { ...common, limit: SEARCH_PAGE });
  for (const event of nearby.events) take(event, null);

  const dealPage = await searchEvents(db, { ...common, category: 'deals', limit: SEARCH_PAGE });
  const deals = dealPage.events
    .filter((event) => !taken.has(event.id) && !event.cancelled)
    .slice(0, WEEKLY_EMAIL_MAX_DEALS);

  const watched = await watchedNews(
    db,
    family,
    now,
    new Set([...taken, ...deals.map((event) => event.id)]),
  );
  return { place: area.label, filters, weekend, picks, saved, deals, watched };
}

/** Nothing to tell: no email that week. */
export function isEmptyWeek(content: WeeklyEmailContent): boolean {
  return (
    content.picks.length === 0 &&
    content.saved.length === 0 &&
    content.deals.length === 0 &&
    content.watched.length === 0
  );
}
