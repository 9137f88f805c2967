import { useEffect, useRef } from 'react';
import { useAppStateStore } from '../../app/appState.tsx';

/**
 * The family's radius (app state's familyRadius) is the one last picked in the filters. When the
 * address loses that radius (its chip removed, Clear All Filters, Back to before the pick), the
 * family has stepped back from it: it is forgotten too, so the results return to the default
 * rather than quietly keeping the radius whose chip just went. A radius a shared link brought is
 * not the family's: removing it leaves their own in place.
 */
export function useForgetRemovedRadius(radius: string | undefined): void {
  const store = useAppStateStore();
  const shown = useRef(radius);
  useEffect(() => {
    const before = shown.current;
    shown.current = radius;
    if (
      radius === undefined &&
      before !== undefined &&
      store.getSnapshot().familyRadius === before
    ) {
      store.setFamilyRadius(null);
    }
  }, [radius, store]);
}
