import { type PointerEvent, type ReactNode, type RefObject, useRef, useState } from 'react';
import {
  Button as AriaButton,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as AriaToastContent,
  UNSTABLE_ToastQueue as AriaToastQueue,
  UNSTABLE_ToastRegion as AriaToastRegion,
  Text,
} from 'react-aria-components';
import { i18n } from '../i18n/appCatalog.ts';
import { Icon } from './Icon.tsx';
import * as styles from './toast.css.ts';
import { TOAST_SWIPE_THRESHOLD_PX, type ToastMessage } from './toastMessage.ts';

/** The queue ToastProvider shows its toasts through: one at a time, the newest. */
export function createToastQueue(): AriaToastQueue<ToastMessage> {
  return new AriaToastQueue<ToastMessage>({ maxVisibleToasts: 1 });
}

/** The visible toasts (see ToastProvider, which loads this with the first one). */
export default function ToastRegion({
  queue,
  regionRef,
}: {
  queue: AriaToastQueue<ToastMessage>;
  regionRef: RefObject<HTMLDivElement | null>;
}) {
  return (
    <AriaToastRegion
      ref={regionRef}
      queue={queue}
      className={styles.region}
      aria-label={i18n.t('app.toast.region')}
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
              {toast.content.action ? (
                <AriaButton
                  className={styles.action}
                  onPress={() => {
                    toast.content.action?.onAction();
                    queue.close(toast.key);
                  }}
                >
                  {toast.content.action.label}
                </AriaButton>
              ) : null}
              <AriaButton
                slot="close"
                className={styles.close}
                aria-label={i18n.t('app.toast.dismiss')}
              >
                <Icon name="close" size={20} />
              </AriaButton>
            </AriaToast>
          )}
        />
      )}
    </AriaToastRegion>
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
