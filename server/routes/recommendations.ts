import { ApiError } from '../../contract/errors.ts';
import { DEFAULT_RADIUS_KM } from '../../contract/events.ts';
import {
  MAX_RECOMMENDATION_ROWS,
  RECOMMENDATIONS_PER_ROW,
  Recommendations,
  RecommendationsQuery,
} from '../../contract/recommendations.ts';
import { dateZone } from '../listParams.ts';
import { ageSpansParam, areaFor } from '../services/area.ts';
import { recommendationsFor } from '../services/recommendations.ts';
import { dateWindow } from '../services/search.ts';
import type { FamJamApp } from '../types.ts';

/**
 * The caller's 'Because you like …' rows. In the authenticated scope: the taste is read only
 * through the verified token's uid, so a caller never sees what another family likes.
 */
export async function recommendationRoutes(app: FamJamApp): Promise<void> {
  app.get(
    '/me/recommendations',
    {
      schema: {
        operationId: 'getRecommendations',
        summary: "Upcoming events near a place that match the caller's music taste",
        description: `Up to ${MAX_RECOMMENDATION_ROWS} rows of up to ${RECOMMENDATIONS_PER_ROW} events, soonest first: one per artist from a connected music service (in their order), then one per onboarding genre, each event in the first row it matches. An artist matches the words of an event's title or tags; a genre also a music event that names it. location defaults to the profile's, else the app's default city; radiusKm to ${DEFAULT_RADIUS_KM}; date (with tz) narrows the rows to the day or days it names, as in search. No profile, no taste or nothing matching: no rows.`,
        tags: ['me'],
        querystring: RecommendationsQuery,
        response: { 200: Recommendations, '4xx': ApiError },
      },
    },
    async (request) => {
      const { query } = request;
      // Bad parameters are 400s whatever the profile holds, so a client learns of them early.
      const ages = ageSpansParam(query.ages);
      // The date chip's days, in the caller's tz else the place's; checked here in UTC.
      const now = new Date();
      const date = query.date === '' ? undefined : query.date;
      const windowIn = (placeZone: string) =>
        date === undefined ? undefined : dateWindow(date, dateZone(query.tz, placeZone), now);
      windowIn('UTC');
      const radiusKm = query.radiusKm ?? DEFAULT_RADIUS_KM;
      const rows = await recommendationsFor(app.db, request.user.uid, {
        area: query.location?.trim() ? areaFor(query.location, radiusKm) : null,
        radiusKm,
        familyMode: query.familyMode,
        ages,
        now,
        windowIn,
      });
      return { rows };
    },
  );
}
