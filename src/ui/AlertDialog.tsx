import { Modal as AriaModal, Dialog, ModalOverlay } from 'react-aria-components';
import { i18n } from '../i18n/appCatalog.ts';
import { Button } from './Button.tsx';
import { cx } from './cx.ts';
import * as styles from './dialog.css.ts';
import { Icon } from './Icon.tsx';

interface AlertDialogProps {
  isOpen: boolean;
  message: string;
  messageId: string;
  onDismiss: () => void;
}

/**
 * The alertdialog AlertProvider shows: the exact message and an OK button. Loaded with the first
 * alert, with react-aria's overlay code: no first load carries it (issue 16).
 */
export default function AlertDialog({ isOpen, message, messageId, onDismiss }: AlertDialogProps) {
  return (
    <ModalOverlay
      className={cx(styles.overlay, styles.alertOverlay)}
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onDismiss();
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
              {message}
            </p>
            <Button autoFocus fullWidth onPress={onDismiss}>
              {i18n.t('app.alert.ok')}
            </Button>
          </div>
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}
