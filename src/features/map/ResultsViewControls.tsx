import { lazy, Suspense, useState } from 'react';
import type { Event } from '../../../contract/events.ts';
import { MapFailed, MapLoadBoundary, MapPlaceholder, ViewSwitch } from './MapPlace.tsx';
import type { ResultsMapProps } from './ResultsMap.tsx';
import { ResultsViewActor } from './resultsViewActor.tsx';

/**
 * List · Map with the chart (Saved, whose route starts it): the buttons send the chart's events,
 * which write the address.
 */
export function ResultsViewSwitch() {
  const actor = ResultsViewActor.useActorRef();
  const onMap = ResultsViewActor.useSelector((state) => state.matches('map'));
  return (
    <ViewSwitch
      view={onMap ? 'map' : 'list'}
      onChange={(view) => actor.send({ type: view === 'map' ? 'user.showMap' : 'user.showList' })}
    />
  );
}

/**
 * Leaflet and its stylesheet are fetched only here, when a map is shown: the list's screens
 * load none of it (npm run size budgets the chunk on its own).
 */
export const loadResultsMap = () => import('./ResultsMap.tsx');

/** The map's place on the screen: nothing on the list, the map (loading, ready) or why not. */
export function ResultsMapSlot(
  props: Omit<ResultsMapProps, 'events'> & { events: readonly Event[] },
) {
  const actor = ResultsViewActor.useActorRef();
  const shown = ResultsViewActor.useSelector((state) =>
    state.matches('map') ? (state.matches({ map: 'failed' }) ? 'failed' : 'map') : 'list',
  );
  // A new lazy component for each time the map is shown: a failed import is tried again.
  const [ResultsMap] = useState(() => lazy(loadResultsMap));
  if (shown === 'list') return null;
  if (shown === 'failed') {
    return <MapFailed onShowList={() => actor.send({ type: 'user.showList' })} />;
  }
  return (
    <MapLoadBoundary onFail={() => actor.send({ type: 'map.failed' })}>
      <Suspense fallback={<MapPlaceholder />}>
        <ResultsMap {...props} />
      </Suspense>
    </MapLoadBoundary>
  );
}
