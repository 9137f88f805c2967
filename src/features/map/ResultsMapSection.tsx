import type { ComponentProps } from 'react';
import type { ResultsViewName } from '../../../machines/resultsView.ts';
import { ResultsMapSlot } from './ResultsViewControls.tsx';
import { ResultsViewProvider } from './resultsViewActor.tsx';

interface ResultsMapSectionProps extends ComponentProps<typeof ResultsMapSlot> {
  /** Puts the view in the address: the failure's 'Show list'. */
  writeView: (view: ResultsViewName) => void;
  /** 'Search this area': puts the map's box in the address. */
  searchArea: (bbox: string) => void;
}

/**
 * Search's map with its chart (machines/resultsView.ts), fetched with the map when the address
 * says `?view=map` (src/features/search/SearchResults.tsx): the list's first visit loads neither.
 * The chart starts on the map each time it is shown, and stops when the address goes back to
 * the list, which is what it did before (leaving the map closed the card and forgot the move).
 */
export default function ResultsMapSection({
  writeView,
  searchArea,
  ...slot
}: ResultsMapSectionProps) {
  return (
    <ResultsViewProvider view="map" writeView={writeView} searchArea={searchArea}>
      <ResultsMapSlot {...slot} />
    </ResultsViewProvider>
  );
}
