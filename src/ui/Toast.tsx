import {
  createContext,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import {
  Button as AriaButton,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as AriaToastContent,
  UNSTABLE_ToastQueue as AriaToastQueue,
  UNSTABLE_ToastRegion as AriaToastRegion,
  Text,
} from 'react-aria-components';
import { Icon } from './Icon.tsx';
import * as styles from './toast.css.ts';

/** SPEC 9 "Toasts": one at a time (the newest), shown 5000 ms, swiped right past 50 px to dismiss, F8. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = 'F8';
// The spec's 1,000,000 ms "removal delay after dismissal" belongs to the toast library it was
// written against (dismissed toasts lingered in its store); react-aria removes a closed toast at
// once, and the next queued one shows.

export interface ToastMessage {
  title: string;
  description?: string;
}

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
      queue.add(message, { timeout: TOAST_DURATION_MS });
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

  return (
    <ToastContext.Provider value={show}>
      {children}
      <AriaToastRegion
        ref={regionRef}
        queue={queue}
        className={styles.region}
        aria-label="Notifications (F8)"
      >
        {({ toast }) => (
          <SwipeableToast
            onSwipedAway={() => queue.close(toast.key)}
            render={(swipeProps) => (
              <AriaToast toast={toast} className={styles.toast} {...swipeProps}>
                <AriaToastContent className={styles.content}>
                  <Text slot="title" className={styles.title}>
                    {toast.content.title}
                  </Text>
                  {toast.content.description ? (
                    <Text slot="description" className={styles.description}>
                      {toast.content.description}
                    </Text>
                  ) : null}
                </AriaToastContent>
                <AriaButton slot="close" className={styles.close} aria-label="Dismiss">
                  <Icon name="close" size={20} />
                </AriaButton>
              </AriaToast>
            )}
          />
        )}
      </AriaToastRegion>
    </ToastContext.Provider>
  );
}

type SwipeProps = {
  onPointerDown: (event: PointerEvent<HTMLDivElement>) => void;
  onPointerMove: (event: PointerEvent<HTMLDivElement>) => void;
  onPointerUp: (event: PointerEvent<HTMLDivElement>) => void;
  onPointerCancel: () => void;
  style: { transform?: string; opacity?: number };
};

/** Follows a finger dragging right; released past the threshold, the toast goes. */
function SwipeableToast({
  onSwipedAway,
  render,
}: {
  onSwipedAway: () => void;
  render: (props: SwipeProps) => ReactNode;
}) {
  const start = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);
  const reset = () => {
    start.current = null;
    setOffset(0);
  };
  return render({
    onPointerDown: (event) => {
      start.current = event.clientX;
    },
    onPointerMove: (event) => {
      if (start.current === null) return;
      setOffset(Math.max(0, event.clientX - start.current));
    },
    onPointerUp: (event) => {
      if (start.current !== null && event.clientX - start.current > TOAST_SWIPE_THRESHOLD_PX) {
        onSwipedAway();
      }
      reset();
    },
    onPointerCancel: reset,
    style:
      offset > 0
        ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.3, 1 - offset / 200) }
        : {},
  });
}

/** Shows a toast; throws outside ToastProvider like the other app contexts (SPEC 8). */
export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used within a ToastProvider');
  return show;
}
