import type { RefObject } from 'react';
import { Dialog, Heading, Popover } from 'react-aria-components';
import { cx, LinkButton } from '../../ui/index.ts';
import * as menuStyles from '../../ui/menu.css.ts';
import { NotificationPanel } from '../notifications/NotificationPanel.tsx';
import { i18n } from './laterMessages.ts';
import * as styles from './shell.css.ts';

interface NotificationPopoverProps {
  /** The bell: where the popover points from, and where focus returns when it closes. */
  triggerRef: RefObject<HTMLButtonElement | null>;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  signedIn: boolean;
  /** The header's place, named in the invitation to sign in. */
  location: string;
}

/**
 * The bell's popover (Header.tsx): the list for an account, an invitation to sign in otherwise.
 * Loaded the first time the bell is pressed, with react-aria's popover code: no first load
 * carries it (issue 16).
 */
export default function NotificationPopover({
  triggerRef,
  isOpen,
  onOpenChange,
  signedIn,
  location,
}: NotificationPopoverProps) {
  // A popover on its own (no DialogTrigger around it) closes through its owner's state.
  const close = () => onOpenChange(false);
  return (
    <Popover
      triggerRef={triggerRef}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      className={cx(menuStyles.popover, styles.notificationsPopover)}
      placement="bottom end"
      offset={8}
    >
      <Dialog className={styles.notificationsDialog}>
        <Heading slot="title" className={styles.notificationsTitle}>
          {i18n.t('shell.notifications.title')}
        </Heading>
        {signedIn ? (
          <NotificationPanel onNavigate={close} />
        ) : (
          <>
            <p className={styles.muted}>
              {i18n.t('shell.notifications.signInInvite', { location })}
            </p>
            <LinkButton to="/auth" variant="secondary" size="sm" onClick={close}>
              {i18n.t('shell.notifications.signIn')}
            </LinkButton>
          </>
        )}
      </Dialog>
    </Popover>
  );
}
