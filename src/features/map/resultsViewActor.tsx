import { createActorContext } from '@xstate/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { type ResultsViewName, resultsViewMachine } from '../../../machines/resultsView.ts';
import { inspect } from '../../app/inspector.ts';

/**
 * Search's and Saved's list or map (machines/resultsView.ts): the switch, the map and its card
 * read and send; the provider below starts it with its effects supplied, and the routes mount
 * it (src/routes/_shell/search.tsx, saved.tsx).
 */
export const ResultsViewActor = createActorContext(resultsViewMachine);

interface ResultsViewProviderProps {
  /** The view the address holds now: `?view=map`, or the list. */
  view: ResultsViewName;
  /** Puts the view in the address (the switch), keeping every other parameter. */
  writeView: (view: ResultsViewName) => void;
  /** 'Search this area': puts the map's box in the address. Saved has none to offer. */
  searchArea?: (bbox: string) => void;
  children: ReactNode;
}

export function ResultsViewProvider({
  view,
  writeView,
  searchArea,
  children,
}: ResultsViewProviderProps) {
  // The route's callbacks change with its render; the chart's effects read the latest.
  const effects = useRef({ writeView, searchArea });
  effects.current = { writeView, searchArea };
  // Provided once, when the screen mounts: the provider starts its actor from the first logic
  // it is given (docs/machines/README.md, "How a machine is started").
  const [logic] = useState(() =>
    resultsViewMachine.provide({
      actions: {
        writeView: (_, params) => effects.current.writeView(params.view),
        searchArea: (_, params) => effects.current.searchArea?.(params.bbox),
      },
    }),
  );
  return (
    <ResultsViewActor.Provider logic={logic} options={{ input: { view }, inspect }}>
      <FollowTheAddress view={view} />
      {children}
    </ResultsViewActor.Provider>
  );
}

/** Back, Forward or a link changed `?view`: the chart follows (the switch's own writes are no-ops). */
function FollowTheAddress({ view }: { view: ResultsViewName }) {
  const actor = ResultsViewActor.useActorRef();
  useEffect(() => {
    actor.send({ type: 'url.view', view });
  }, [actor, view]);
  return null;
}

/** The map is on screen (loading, ready or failed). */
export function useMapShown(): boolean {
  return ResultsViewActor.useSelector((state) => state.matches('map'));
}
