import type { ReactNode } from 'react';
import { Modal as AriaModal, Dialog, Heading, ModalOverlay } from 'react-aria-components';
import { IconButton } from './Button.tsx';
import * as styles from './dialog.css.ts';

export { DialogTrigger } from 'react-aria-components';

export interface ModalProps {
  title: string;
  children: ReactNode | ((close: () => void) => ReactNode);
  /** Controlled use; inside a DialogTrigger leave both out. */
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  /** Tap outside / Escape closes it (default true). */
  isDismissable?: boolean;
  /** Defaults to "Close". */
  closeLabel?: string;
  /** No close button: for a dialog that ends by itself (a short spinner). */
  hideClose?: boolean;
  /** `alertdialog` for a question that needs an answer before going on (Clear All's "sure?"). */
  role?: 'dialog' | 'alertdialog';
}

/**
 * A modal dialog: bottom sheet on phones, centred card on wider screens. Focus moves in, is
 * trapped, and returns to the trigger on close (react-aria). The title names the dialog.
 */
export function Modal({
  title,
  children,
  isOpen,
  onOpenChange,
  isDismissable = true,
  closeLabel = 'Close',
  hideClose = false,
  role = 'dialog',
}: ModalProps) {
  return (
    <ModalOverlay
      className={styles.overlay}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
    >
      <AriaModal className={styles.modal}>
        <Dialog className={styles.dialog} role={role}>
          {({ close }) => (
            <>
              <span className={styles.grabber} aria-hidden="true" />
              <div className={styles.header}>
                <Heading slot="title" className={styles.title}>
                  {title}
                </Heading>
                {hideClose ? null : (
                  <IconButton
                    icon="close"
                    aria-label={closeLabel}
                    className={styles.closeButton}
                    onPress={close}
                  />
                )}
              </div>
              {typeof children === 'function' ? children(close) : children}
            </>
          )}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}
