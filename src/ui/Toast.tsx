import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { TOAST_DURATION_MS, TOAST_HOTKEY, type ToastMessage } from './toastMessage.ts';

export {
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_SWIPE_THRESHOLD_PX,
  type ToastMessage,
} from './toastMessage.ts';

type ShowToast = (message: ToastMessage) => void;
const ToastContext = createContext<ShowToast | null>(null);

type RegionModule = typeof import('./ToastRegion.tsx');
type ToastQueue = ReturnType<RegionModule['createToastQueue']>;

/**
 * The region, its toasts and react-aria's toast queue are their own chunk, loaded with the first
 * toast: most visits show none, and react-aria's toast code is a good part of a first load
 * otherwise (the queue alone about 0.5 KB gzipped, issue 36). A chunk that cannot be fetched
 * (offline before the service worker kept it) shows nothing, and the next toast asks again.
 */
let loadedRegion: RegionModule | null = null;
let regionLoading: Promise<RegionModule> | null = null;
function loadRegion(): Promise<RegionModule> {
  regionLoading ??= import('./ToastRegion.tsx').then(
    (module) => {
      loadedRegion = module;
      return module;
    },
    (error: unknown) => {
      regionLoading = null;
      throw error;
    },
  );
  return regionLoading;
}

/** Short, non-blocking news ("Shaking is off…"); for anything that needs an answer, use an alert. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [region, setRegion] = useState<{ module: RegionModule; queue: ToastQueue } | null>(null);
  // The loaded region, at once (the state above renders it a commit later).
  const regionRef = useRef<typeof region>(null);
  // The newest news replaces what is showing (it is not queued behind it): a toast that shows
  // up after the one that followed it would be stale. Before the region has loaded, the newest
  // message asked for is the one shown.
  const latest = useRef<ToastMessage | null>(null);
  const show = useCallback<ShowToast>((message) => {
    const start = (module: RegionModule) => {
      const current = regionRef.current ?? { module, queue: module.createToastQueue() };
      regionRef.current = current;
      current.queue.clear();
      current.queue.add(message, message.action ? {} : { timeout: TOAST_DURATION_MS });
      setRegion(current);
    };
    // Loaded already (by this page or an earlier toast): shown now.
    if (regionRef.current || loadedRegion) {
      latest.current = null;
      start(regionRef.current?.module ?? (loadedRegion as RegionModule));
      return;
    }
    latest.current = message;
    loadRegion().then(
      (module) => {
        if (latest.current !== message) return;
        latest.current = null;
        start(module);
      },
      () => undefined,
    );
  }, []);
  const regionElement = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== TOAST_HOTKEY) return;
      const element = regionElement.current;
      if (element === null) return;
      event.preventDefault();
      element.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  // The region is mounted while a toast shows, as before it loaded on demand.
  const subscribe = useCallback(
    (onChange: () => void) => (region ? region.queue.subscribe(onChange) : () => {}),
    [region],
  );
  const hasToasts = useSyncExternalStore(
    subscribe,
    () => (region ? region.queue.visibleToasts.length > 0 : false),
    () => false,
  );
  const Region = region?.module.default;
  return (
    <ToastContext.Provider value={show}>
      {children}
      {region && Region && hasToasts ? (
        <Region queue={region.queue} regionRef={regionElement} />
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
