import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useId,
  useRef,
  useState,
} from 'react';
import { Modal as AriaModal, Dialog, ModalOverlay } from 'react-aria-components';
import { Button } from './Button.tsx';
import { cx } from './cx.ts';
import * as styles from './dialog.css.ts';
import { Icon } from './Icon.tsx';

type ShowAlert = (message: string) => void;

const AlertContext = createContext<ShowAlert | null>(null);

/**
 * The app's window.alert: an accessible alertdialog with the exact message and an OK button.
 * Unlike window.alert it does not block the page, is styled, and is testable. Alerts raised while
 * one is showing wait their turn, so only one is ever on screen.
 */
export function AlertProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<string[]>([]);
  // Keeps the text on screen while the dialog animates out after the last alert is dismissed.
  const lastShown = useRef('');
  const messageId = useId();

  const showAlert = useCallback<ShowAlert>((message) => {
    setQueue((pending) => [...pending, message]);
  }, []);

  const dismiss = useCallback(() => setQueue((pending) => pending.slice(1)), []);

  const current = queue[0];
  if (current !== undefined) lastShown.current = current;

  return (
    <AlertContext.Provider value={showAlert}>
      {children}
      <ModalOverlay
        className={cx(styles.overlay, styles.alertOverlay)}
        isOpen={current !== undefined}
        onOpenChange={(open) => {
          if (!open) dismiss();
        }}
        isDismissable={false}
      >
        <AriaModal className={cx(styles.modal, styles.alertModal)}>
          <Dialog role="alertdialog" aria-labelledby={messageId} className={styles.dialog}>
            <div className={styles.alertBody}>
              <span className={styles.alertIcon}>
                <Icon name="info" size={28} />
              </span>
              <p id={messageId} className={styles.alertMessage}>
                {current ?? lastShown.current}
              </p>
              <Button autoFocus fullWidth onPress={dismiss}>
                OK
              </Button>
            </div>
          </Dialog>
        </AriaModal>
      </ModalOverlay>
    </AlertContext.Provider>
  );
}

export function useAlert(): ShowAlert {
  const showAlert = useContext(AlertContext);
  if (!showAlert) throw new Error('useAlert must be used inside <AlertProvider>');
  return showAlert;
}
