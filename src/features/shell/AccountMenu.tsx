import { type Key, type ReactNode, useEffect, useRef, useState } from 'react';
import { Button as AriaButton, MenuTrigger } from 'react-aria-components';
import { Menu, MenuItem, MenuSeparator } from '../../ui/Menu.tsx';
import { i18n } from './laterMessages.ts';
import * as styles from './shell.css.ts';

interface AccountMenuProps {
  /** What the trigger shows: the account's avatar. */
  avatar: ReactNode;
  /** The profile's name, if it has one. */
  displayName: string | null;
  email: string | null;
  onAction: (key: Key) => void;
}

/**
 * The avatar and its menu (Header.tsx): Profile, Saved Events, Sign Out, under the account's
 * name. Loaded by the first press on the header's stand-in avatar, with react-aria's menu,
 * collection and popover code (about 20 KB gzipped): no first load carries it (issue 16).
 * It replaces the stand-in, takes its focus and opens; from then on it is an ordinary menu button.
 */
export default function AccountMenu({ avatar, displayName, email, onAction }: AccountMenuProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  const [isOpen, setOpen] = useState(false);
  // This first opening is the code's, not the menu button's: it says nothing about how the
  // stand-in was pressed, so the first item takes focus, as Enter on a menu button gives it.
  const [firstOpening, setFirstOpening] = useState(true);
  // Focus first, then open: the menu hands focus back to what had it when it opened, and the
  // stand-in that was pressed is gone.
  useEffect(() => {
    trigger.current?.focus();
    setOpen(true);
  }, []);
  const name = displayName || email;
  return (
    <MenuTrigger
      isOpen={isOpen}
      onOpenChange={(open) => {
        setOpen(open);
        if (!open) setFirstOpening(false);
      }}
    >
      <AriaButton
        ref={trigger}
        className={styles.avatarButton}
        aria-label={i18n.t('shell.header.accountMenu')}
      >
        {avatar}
      </AriaButton>
      <Menu
        {...(firstOpening ? { autoFocus: 'first' as const } : {})}
        onAction={onAction}
        header={
          name ? (
            <>
              <div className={styles.menuName}>
                {displayName || i18n.t('shell.account.signedIn')}
              </div>
              {email ? <div className={styles.menuEmail}>{email}</div> : null}
            </>
          ) : undefined
        }
      >
        <MenuItem id="profile" icon="user">
          {i18n.t('shell.account.profile')}
        </MenuItem>
        <MenuItem id="saved" icon="heart">
          {i18n.t('shell.account.saved')}
        </MenuItem>
        <MenuSeparator />
        <MenuItem id="sign-out" icon="signOut" tone="danger">
          {i18n.t('shell.account.signOut')}
        </MenuItem>
      </Menu>
    </MenuTrigger>
  );
}
