import { Modal as AriaModal, Dialog, Heading, ModalOverlay } from 'react-aria-components';
import { i18n } from '../i18n/appCatalog.ts';
import { IconButton } from './Button.tsx';
import type { ModalProps } from './Dialog.tsx';
import * as styles from './dialog.css.ts';

/**
 * What `Modal` (./Dialog.tsx) shows once first opened: bottom sheet on phones, centred card on
 * wider screens. Focus moves in, is trapped, and returns to the trigger on close (react-aria).
 * The title names the dialog. Loaded on first open, with react-aria's overlay code.
 */
export default function ModalSheet({
  title,
  children,
  isOpen,
  onOpenChange,
  isDismissable = true,
  closeLabel = i18n.t('app.dialog.close'),
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
