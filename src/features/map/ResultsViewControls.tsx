import { Component, lazy, type ReactNode, Suspense, useState } from 'react';
import type { Event } from '../../../contract/events.ts';
import { Button, Icon } from '../../ui/index.ts';
import type { ResultsMapProps } from './ResultsMap.tsx';
import * as styles from './resultsView.css.ts';
import { ResultsViewActor } from './resultsViewActor.tsx';

/** What the failed map says, where it would have been (issue 33). */
export const MAP_FAILED_TEXT = 'The map could not load. Every event is still in the list.';

/**
 * List · Map: two toggle buttons (aria-pressed) in a group. Only the view changes: the filters,
 * the count and the rest of the address stay.
 */
export function ResultsViewSwitch() {
  const actor = ResultsViewActor.useActorRef();
  const onMap = ResultsViewActor.useSelector((state) => state.matches('map'));
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of two toggle buttons, not a form's fieldset.
    <div role="group" aria-label="Show the results as" className={styles.viewSwitch}>
      <button
        type="button"
        aria-pressed={!onMap}
        className={styles.viewOption}
        onClick={() => actor.send({ type: 'user.showList' })}
      >
        List
      </button>
      <button
        type="button"
        aria-pressed={onMap}
        className={styles.viewOption}
        onClick={() => actor.send({ type: 'user.showMap' })}
      >
        <Icon name="mapPin" size={16} />
        Map
      </button>
    </div>
  );
}

/** A list's count with the switch at the line's end (Search). */
export function CountWithViewSwitch({ children }: { children: ReactNode }) {
  return (
    <div className={styles.countRow}>
      {children}
      <ResultsViewSwitch />
    </div>
  );
}

/**
 * Leaflet and its stylesheet are fetched only here, when a map is shown: the list's screens
 * load none of it (npm run size budgets the chunk on its own).
 */
const loadResultsMap = () => import('./ResultsMap.tsx');

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
    return (
      <div role="alert" className={styles.mapFailed}>
        <p className={styles.mapFailedText}>{MAP_FAILED_TEXT}</p>
        <Button
          variant="outline"
          size="sm"
          icon="chevronLeft"
          onPress={() => actor.send({ type: 'user.showList' })}
        >
          Show list
        </Button>
      </div>
    );
  }
  return (
    <MapLoadBoundary onFail={() => actor.send({ type: 'map.failed' })}>
      <Suspense fallback={<MapPlaceholder />}>
        <ResultsMap {...props} />
      </Suspense>
    </MapLoadBoundary>
  );
}

export function MapPlaceholder() {
  return (
    <div className={styles.mapFrame}>
      <p className={styles.mapPlaceholder}>Loading the map…</p>
    </div>
  );
}

/** The map's code could not be fetched (offline, a deploy in between): the chart hears of it. */
class MapLoadBoundary extends Component<
  { onFail: () => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(): void {
    this.props.onFail();
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
