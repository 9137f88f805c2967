import type { StoredCategoryId } from '../../contract/categories.ts';

/**
 * Category and family friendliness from what a source says about an event. Structured signals
 * (a Ticketmaster segment, a schema.org type, an age range) are mapped by each importer; these
 * keyword rules are the fallback every importer shares, applied to titles, descriptions and
 * the source's own category words (iCalendar CATEGORIES, genres, keywords).
 */

type KeywordRule = readonly [category: StoredCategoryId, pattern: RegExp];

// Order breaks ties: a 'comedy concert' is comedy, a 'basketball game' is a spectator sport.
const categoryRules: readonly KeywordRule[] = [
  [
    'comedy',
    /\b(comedy|comedian|comedians|stand-?up|improv|sketch show|open mic comedy|roast)\b/gi,
  ],
  [
    'sportsgames',
    /\b(vs\.?|versus|game day|home game|playoffs?|championship|tournament|doubleheader|basketball|baseball|football|hockey|soccer match|wrestling|roller derby|rodeo|nba|nfl|mlb|nhl|mls|wnba)\b/gi,
  ],
  [
    'music',
    /\b(concerts?|music|musical|band|bands|jazz|blues|symphony|orchestra|choir|chorus|dj|singer|songwriter|sing-?along|karaoke|opera|hip-?hop|rap|country|rock|folk|electronic|live music|quartet|recital)\b/gi,
  ],
  [
    'sports',
    /\b(run|runs|running|5k|10k|marathon|yoga|hike|hiking|bike|biking|cycling|ride|climb|climbing|swim|swimming|skate|skating|fitness|workout|bootcamp|pickleball|paddle|kayak|pilates|zumba|dance class|sports clinic)\b/gi,
  ],
  [
    'dining',
    /\b(food|foods|dinner|brunch|breakfast|lunch|tasting|wine|beer|brewery|cooking|chef|restaurant|taco|tacos|pizza|bbq|barbecue|dumplings?|cookie|baking|culinary|supper|feast|farmers'? market)\b/gi,
  ],
  [
    'arts',
    /\b(art|arts|museum|gallery|exhibit|exhibition|theater|theatre|film|films|movie|screening|ballet|dance|poetry|book|author|reading|storytime|story time|science|planetarium|lecture|workshop|craft|crafts|puppet|painting|photography|history|library)\b/gi,
  ],
  [
    'popup',
    /\b(pop-?up|festival|fest|fair|market|night market|parade|celebration|block party|lights|carnival|flea|bazaar|holiday)\b/gi,
  ],
];

interface CategoryEvidence {
  title: string;
  description?: string | null;
  /** The source's own labels (CATEGORIES, genres, keywords): weighed like the title. */
  labels?: readonly string[];
}

function countMatches(text: string, pattern: RegExp): number {
  return [...text.matchAll(pattern)].length;
}

/** The category whose keywords the event's words match most; `fallback` when none match. */
export function inferCategory(
  evidence: CategoryEvidence,
  fallback: StoredCategoryId = 'popup',
): StoredCategoryId {
  const strong = [evidence.title, ...(evidence.labels ?? [])].join(' \n ');
  const weak = evidence.description ?? '';
  let best: StoredCategoryId = fallback;
  let bestScore = 0;
  for (const [category, pattern] of categoryRules) {
    const score = countMatches(strong, pattern) * 3 + countMatches(weak, pattern);
    if (score > bestScore) {
      best = category;
      bestScore = score;
    }
  }
  return best;
}

const adultOnly =
  /(\b(21|18)\s*\+|\b(21|18)\s*(and|&)\s*(over|up)\b|\bover\s*(21|18)\b|\bages?\s*(21|18)\b|\badults?[-\s]only\b|\bburlesque\b|\b(bar|pub) crawl\b|\bnightclub\b|\bhappy hour\b|\bcocktails?\b|\bwine tasting\b|\bbeer (fest|festival|tasting)\b|\bexplicit\b|\bmature audiences?\b)/i;
const familySignal =
  /\b(kids?|kid-friendly|children|childrens?|child|famil(y|ies)|toddlers?|preschool(ers)?|storytime|story time|youth|tweens?|teens?|junior|babies|baby|little ones|grandparents|stroller)\b|\bchildren's\b/i;

interface FamilyEvidence {
  texts: readonly (string | null | undefined)[];
  /** Youngest age admitted, from the source's structured fields. */
  minimumAge?: number | null;
  /** Oldest age the event is meant for (e.g. 12 for '5-12'). */
  maximumAge?: number | null;
  /** The source flags the event as for families (e.g. a Ticketmaster 'family' classification). */
  sourceSaysFamily?: boolean;
  /** The source says an age limit is enforced (e.g. Ticketmaster legalAgeEnforced). */
  sourceSaysAdultOnly?: boolean;
}

// 'All ages' is left out on purpose: it says who may enter a concert, not that it is for kids.

/**
 * Family friendly only on a positive signal, and never with an adult one. Unknown means no:
 * family mode is a promise to parents, so an event is only in it when its source says so.
 */
export function inferFamilyFriendly(evidence: FamilyEvidence): boolean {
  if (evidence.sourceSaysAdultOnly) return false;
  if (typeof evidence.minimumAge === 'number' && evidence.minimumAge >= 18) return false;
  const text = evidence.texts.filter((value): value is string => Boolean(value)).join(' \n ');
  if (adultOnly.test(text)) return false;
  if (evidence.sourceSaysFamily) return true;
  if (typeof evidence.maximumAge === 'number' && evidence.maximumAge < 18) return true;
  if (typeof evidence.minimumAge === 'number' && evidence.minimumAge < 13) return true;
  return familySignal.test(text);
}

/** Short tags from the source's labels: deduplicated, trimmed, at most `limit`. */
export function tagsFrom(labels: readonly (string | null | undefined)[], limit = 5): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const label of labels) {
    const tag = label?.replace(/\s+/g, ' ').trim();
    if (!tag || tag.length > 40 || /^undefined$/i.test(tag)) continue;
    const key = tag.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
    if (tags.length === limit) break;
  }
  return tags;
}
