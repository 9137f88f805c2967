import { Component, type ReactNode } from 'react';
import type { ResultsViewName } from '../../../machines/resultsView.ts';
import { Button, Icon } from '../../ui/index.ts';
import { i18n } from './messages.ts';
import * as styles from './resultsView.css.ts';

/*
 * The parts of Search's and Saved's list or map that show before the map's code is fetched:
 * the List · Map switch, the map's place while it loads, and what it says when it cannot load.
 * No chart here (machines/resultsView.ts, resultsViewActor.tsx): on Search it loads with the
 * map (ResultsMapSection.tsx), so a first visit to the list carries none of it.
 */

/**
 * What the failed map says in English (issue 33), as its tests assert it; the map shows
 * `map.failed.text`, this text in the language in use.
 */
export const MAP_FAILED_TEXT = 'The map could not load. Every event is still in the list.';

interface ViewSwitchProps {
  view: ResultsViewName;
  onChange: (view: ResultsViewName) => void;
}

/**
 * List · Map: two toggle buttons (aria-pressed) in a group. Only the view changes: the filters,
 * the count and the rest of the address stay.
 */
export function ViewSwitch({ view, onChange }: ViewSwitchProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of two toggle buttons, not a form's fieldset.
    <div role="group" aria-label={i18n.t('map.switch.label')} className={styles.viewSwitch}>
      <button
        type="button"
        aria-pressed={view === 'list'}
        className={styles.viewOption}
        onClick={() => onChange('list')}
      >
        {i18n.t('map.switch.list')}
      </button>
      <button
        type="button"
        aria-pressed={view === 'map'}
        className={styles.viewOption}
        onClick={() => onChange('map')}
      >
        <Icon name="mapPin" size={16} />
        {i18n.t('map.switch.map')}
      </button>
    </div>
  );
}

/** A list's count with the switch at the line's end (Search). */
export function CountWithViewSwitch({
  children,
  ...props
}: ViewSwitchProps & { children: ReactNode }) {
  return (
    <div className={styles.countRow}>
      {children}
      <ViewSwitch {...props} />
    </div>
  );
}

export function MapPlaceholder() {
  return (
    <div className={styles.mapFrame}>
      <p className={styles.mapPlaceholder}>{i18n.t('map.loading')}</p>
    </div>
  );
}

/** The map could not load: said where it would have been, with the way back to the list. */
export function MapFailed({ onShowList }: { onShowList: () => void }) {
  return (
    <div role="alert" className={styles.mapFailed}>
      <p className={styles.mapFailedText}>{i18n.t('map.failed.text')}</p>
      <Button variant="outline" size="sm" icon="chevronLeft" onPress={onShowList}>
        {i18n.t('map.failed.showList')}
      </Button>
    </div>
  );
}

/** The map's code could not be fetched (offline, a deploy in between): `onFail` hears of it. */
export class MapLoadBoundary extends Component<
  { onFail: () => void; fallback?: ReactNode; children: ReactNode },
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
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}
