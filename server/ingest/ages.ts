/**
 * Who an event is for, in years, from what its source publishes: a structured range
 * (schema.org `typicalAgeRange`, an audience's suggested ages, Ticketmaster's enforced legal
 * age) first, then the words of the title, description and the source's own labels
 * (iCalendar CATEGORIES, keywords, genres). One module for every importer, so 'toddler' means
 * the same ages whichever feed it came from.
 *
 * Unknown is null/null, which the `ages` filter treats as all ages: an importer only narrows
 * an event when the source says something about ages.
 */

/** Both ends inclusive, in whole years; null = open (from birth / no upper limit). */
export interface AgeRange {
  minAge: number | null;
  maxAge: number | null;
}

const ALL_AGES: AgeRange = { minAge: null, maxAge: null };

/** The table's bounds (events_min_age_check, events_max_age_check). */
const OLDEST = 120;

/**
 * schema.org `typicalAgeRange`: '5-12', '7–10', '5 to 12', '18-' (18 and up), '21+', '7'
 * (7 and up, as schema.org reads a lone minimum). Null when the text is not a range.
 */
export function parseTypicalAgeRange(text: string | null | undefined): AgeRange | null {
  const match = /^\s*(\d{1,3})\s*(?:(-|–|to)\s*(\d{1,3})?|\+)?\s*$/i.exec(text ?? '');
  if (!match) return null;
  return normaliseAgeRange({
    minAge: Number(match[1]),
    maxAge: match[3] === undefined ? null : Number(match[3]),
  });
}

type WordRule = readonly [pattern: RegExp, range: AgeRange];

/** Adult entry limits. '21+' outranks '18+' where a listing names both ('18+ to enter, 21+ to drink'). */
const adultRules: readonly WordRule[] = [
  [
    /\b21\s*\+|\b21\s*(and|&)\s*(over|up|older)\b|\bover\s*21\b|\bages?\s*21\b/i,
    { minAge: 21, maxAge: null },
  ],
  [
    /\b18\s*\+|\b18\s*(and|&)\s*(over|up|older)\b|\bover\s*18\b|\bages?\s*18\b|\badults?[-\s]only\b/i,
    { minAge: 18, maxAge: null },
  ],
];

/** Child-age words; several in one listing widen to cover them all ('kids and teens': 0-17). */
const childRules: readonly WordRule[] = [
  [/\b(babies|baby|infants?)\b/i, { minAge: 0, maxAge: 2 }],
  [/\btoddlers?\b/i, { minAge: 1, maxAge: 3 }],
  [/\b(preschool(ers)?|pre-k)\b/i, { minAge: 3, maxAge: 5 }],
  [/\b(kids?|children|child)\b/i, { minAge: 0, maxAge: 12 }],
  [/\btweens?\b/i, { minAge: 9, maxAge: 12 }],
  [/\b(teens?|teenagers?)\b/i, { minAge: 13, maxAge: 17 }],
];

const allAgesWords = /\b(all|any) ages\b/i;

/** 'ages 5-12', 'ages 3 to 8', 'age 6 and up', 'ages 13+', 'under 5s': explicit, so they win. */
function explicitRange(text: string): AgeRange | null {
  const between = /\bages?\s*(\d{1,3})\s*(?:-|–|to)\s*(\d{1,3})\b/i.exec(text);
  if (between) return normaliseAgeRange({ minAge: Number(between[1]), maxAge: Number(between[2]) });
  const andUp = /\bages?\s*(\d{1,3})\s*(?:\+|(?:and|&)\s*(?:up|over|older))/i.exec(text);
  if (andUp) return normaliseAgeRange({ minAge: Number(andUp[1]), maxAge: null });
  const under = /\b(?:under|younger than)\s*(\d{1,2})s?\b/i.exec(text);
  if (under) {
    const limit = Number(under[1]);
    if (limit > 0) return normaliseAgeRange({ minAge: 0, maxAge: limit - 1 });
  }
  return null;
}

/**
 * The ages the words say, or null when they say nothing. In order: an explicit range; an adult
 * limit ('21+', '18 and over', 'adults only'); 'all ages' (null/null, said on purpose: a
 * concert 'for all ages' with 'kids' in its blurb is still for everyone); the child words,
 * widened to cover each one found.
 */
export function agesFromWords(texts: readonly (string | null | undefined)[]): AgeRange | null {
  const text = texts.filter((value): value is string => Boolean(value)).join(' \n ');
  if (!text) return null;
  const explicit = explicitRange(text);
  if (explicit) return explicit;
  for (const [pattern, range] of adultRules) if (pattern.test(text)) return range;
  if (allAgesWords.test(text)) return ALL_AGES;
  let found: AgeRange | null = null;
  for (const [pattern, range] of childRules) {
    if (!pattern.test(text)) continue;
    found = found
      ? {
          minAge: Math.min(found.minAge ?? 0, range.minAge ?? 0),
          maxAge: Math.max(found.maxAge ?? OLDEST, range.maxAge ?? OLDEST),
        }
      : range;
  }
  return found;
}

interface AgeEvidence {
  /** What the source's structured fields say (typicalAgeRange, an audience's ages). */
  structured?: AgeRange | null;
  /** The source says a legal age is enforced (Ticketmaster `legalAgeEnforced`). */
  legalAgeEnforced?: boolean;
  texts: readonly (string | null | undefined)[];
}

/**
 * The event's range: the source's structured range when it gave one; an enforced legal age is
 * 18+ or 21+ as the words say, 21+ (the US drinking age, what a US box office enforces) when
 * they do not; otherwise the words; unknown is all ages.
 */
export function inferAgeRange(evidence: AgeEvidence): AgeRange {
  const structured = evidence.structured ? normaliseAgeRange(evidence.structured) : ALL_AGES;
  if (structured.minAge !== null || structured.maxAge !== null) return structured;
  const words = agesFromWords(evidence.texts);
  if (evidence.legalAgeEnforced) {
    return words?.minAge !== undefined && words.minAge !== null && words.minAge >= 18
      ? { minAge: words.minAge, maxAge: null }
      : { minAge: 21, maxAge: null };
  }
  return words ?? ALL_AGES;
}

function wholeAge(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= OLDEST
    ? value
    : null;
}

/**
 * A range the table accepts: whole years within 0-120 (anything else is dropped, not clamped:
 * '150' is a typo, not an age); ends the wrong way round are swapped ('12-5' means 5-12).
 */
export function normaliseAgeRange(range: {
  minAge?: number | null;
  maxAge?: number | null;
}): AgeRange {
  const minAge = wholeAge(range.minAge);
  const maxAge = wholeAge(range.maxAge);
  if (minAge !== null && maxAge !== null && minAge > maxAge) {
    return { minAge: maxAge, maxAge: minAge };
  }
  return { minAge, maxAge };
}
