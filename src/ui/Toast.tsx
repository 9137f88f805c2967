import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { UNSTABLE_ToastQueue as AriaToastQueue } from 'react-aria-components';

import { TOAST_DURATION_MS, TOAST_HOTKEY, type ToastMessage } from './toastMessage.ts';

export {
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_SWIPE_THRESHOLD_PX,
  type ToastMessage,
} from './toastMessage.ts';

const ToastRegion = lazy(() => import('./ToastRegion.tsx'));

type ShowToast = (message: ToastMessage) => void;
const ToastContext = createContext<ShowToast | null>(null);

/** Short, non-blocking news ("Shaking is off…"); for anything that needs an answer, use an alert. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue] = useState(() => new AriaToastQueue<ToastMessage>({ maxVisibleToasts: 1 }));
  // The newest news replaces what is showing (it is not queued behind it): a toast that shows
  // up after the one that followed it would be stale.
  const show = useCallback<ShowToast>(
    (message) => {
      queue.clear();
      queue.add(message, message.action ? {} : { timeout: TOAST_DURATION_MS });
    },
    [queue],
  );
  const regionRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== TOAST_HOTKEY) return;
      const region = regionRef.current;
      if (region === null) return;
      event.preventDefault();
      region.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  // The region and its toasts are their own chunk, loaded with the first toast: most visits
  // show none, and react-aria's toast region is a good part of the first-load bundle otherwise.
  const hasToasts = useSyncExternalStore(
    (onChange) => queue.subscribe(onChange),
    () => queue.visibleToasts.length > 0,
    () => false,
  );

  return (
    <ToastContext.Provider value={show}>
      {children}
      {hasToasts ? (
        <Suspense fallback={null}>
          <ToastRegion queue={queue} regionRef={regionRef} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}

/** Shows a toast; throws outside ToastProvider like the other app contexts (docs/product.md#spec-8). */
export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used within a ToastProvider');
  return show;
}
