import { type Static, Type } from '@sinclair/typebox';
import { CategoryCountsQuery, Event, StringEnum } from './events.ts';

/**
 * `GET /api/me/recommendations`: upcoming events near a place that match the caller's taste,
 * the artists from a connected music service first, then the profile's genres. Matched against
 * an event's tags, title and category. The taste is the caller's own record; the place and the
 * filters are the screen's (Home's location, family mode, 'Fits my family' and date chip), so
 * the rows follow the chosen day as every other list on Home does.
 */
export const RecommendationsQuery = Type.Pick(CategoryCountsQuery, [
  'location',
  'familyMode',
  'ages',
  'radiusKm',
  'date',
  'tz',
]);
export type RecommendationsQuery = Static<typeof RecommendationsQuery>;

export const recommendationReasons = ['artist', 'genre'] as const;
export type RecommendationReason = (typeof recommendationReasons)[number];

/** The most rows the response holds, and events per row. */
export const MAX_RECOMMENDATION_ROWS = 3;
export const RECOMMENDATIONS_PER_ROW = 10;

/**
 * One row: 'Because you like {because}'. Soonest first; an event appears in one row only (the
 * first it matches: artists before genres, in the profile's order).
 */
export const RecommendationRow = Type.Object({
  because: Type.String(),
  reason: StringEnum(recommendationReasons),
  events: Type.Array(Event),
});
export type RecommendationRow = Static<typeof RecommendationRow>;

/** No rows when nothing matches (or the caller has no profile or taste): Home hides the row. */
export const Recommendations = Type.Object({ rows: Type.Array(RecommendationRow) });
export type Recommendations = Static<typeof Recommendations>;
