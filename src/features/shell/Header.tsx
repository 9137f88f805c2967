import { Link, useNavigate } from '@tanstack/react-router';
import { type Key, lazy, Suspense, useState } from 'react';
import {
  Button as AriaButton,
  Dialog,
  DialogTrigger,
  Heading,
  Popover,
} from 'react-aria-components';
import { useAppState } from '../../app/appState.tsx';
import { useAuth } from '../../app/auth.tsx';
import { useTheme } from '../../app/theme.tsx';
import { PRODUCT_NAME } from '../../domain/constants.ts';
import {
  Avatar,
  Badge,
  Chip,
  cx,
  IconButton,
  IconLink,
  LinkButton,
  Menu,
  MenuItem,
  MenuSeparator,
  MenuTrigger,
  Switch,
} from '../../ui/index.ts';
import { LogoMark, Wordmark } from '../../ui/Logo.tsx';
import * as menuStyles from '../../ui/menu.css.ts';
import { useFeedbackFirst } from '../../ui/useFeedbackFirst.ts';
// Not lazily loaded, though most visits never open it: measured, a chunk of its own cost / more
// than the list itself (Rolldown then splits more of the entry's modules into files of their
// own, rolldown#10731).
import { NotificationPanel } from '../notifications/NotificationPanel.tsx';
import { useBadgeCount } from '../notifications/useNotifications.ts';
import { useDisplayName } from '../profile/displayName.ts';
import { useProfilePhotoUrl } from '../profile/useProfilePhoto.ts';
import { useSignOutAction } from '../profile/useSignOutAction.ts';
import { describeLocation, formatCoordinates } from './gpsMessages.ts';
import * as styles from './shell.css.ts';

/**
 * docs/product.md#spec-2-shell: logo, theme toggle, notification bell, avatar menu or sign-in icon, the Family
 * Safe / All Events switch and the location chip. Two rows so that every control keeps a 44 px
 * target on a 390 px phone; the header is never shorter than 120 px.
 */
export function Header({ focused = false }: { focused?: boolean }) {
  const { familyMode, setFamilyMode } = useAppState();
  // The switch flips in the next frame; every list follows the mode after that frame is painted.
  const [familyShown, changeFamilyMode] = useFeedbackFirst(familyMode, setFamilyMode);
  return (
    <header className={styles.header}>
      <div className={styles.headerInner}>
        <div className={styles.headerRow}>
          <Link to="/" className={styles.brand} aria-label={`${PRODUCT_NAME}, home`}>
            <LogoMark />
            <Wordmark />
          </Link>
          <div className={styles.actions}>
            <ThemeToggle />
            <NotificationBell />
            <AccountControl />
          </div>
        </div>
        <div className={styles.headerRow}>
          {/* Left out while a flow is to be finished (AppShell's `focused`); the chip stays,
              at the row's end by its own margin. */}
          {focused ? null : (
            <Switch isSelected={familyShown} onChange={changeFamilyMode}>
              {familyShown ? (
                // Badge under the label keeps the row narrow enough for the location chip at 390 px.
                <span className={styles.familyLabel}>
                  <span>Family Safe</span>
                  <Badge tone="family">18 &amp; Under</Badge>
                </span>
              ) : (
                <span className={styles.familyLabel}>All Events</span>
              )}
            </Switch>
          )}
          <LocationChip />
        </div>
      </div>
    </header>
  );
}

const LocationDialog = lazy(async () => ({
  default: (await import('./LocationDialog.tsx')).LocationDialog,
}));

/**
 * The city, and under it the coordinates (2 decimals, docs/product.md#spec-9) when GPS set it. The dialog's code
 * loads on the first press (see LocationDialog) and then stays, so closing it still animates.
 */
function LocationChip() {
  const { location, locationCoordinates } = useAppState();
  const [dialogWanted, setDialogWanted] = useState(false);
  return (
    <DialogTrigger onOpenChange={(isOpen) => isOpen && setDialogWanted(true)}>
      <Chip
        className={styles.locationChip}
        icon="mapPin"
        compact
        aria-label={`Location: ${describeLocation(location, locationCoordinates)}. Change location`}
      >
        <span className={styles.locationChipText}>
          <span className={styles.locationChipCity}>{location}</span>
          {locationCoordinates ? (
            <span className={styles.locationChipCoordinates}>
              {formatCoordinates(locationCoordinates.latitude, locationCoordinates.longitude)}
            </span>
          ) : null}
        </span>
      </Chip>
      {dialogWanted ? (
        <Suspense fallback={null}>
          <LocationDialog />
        </Suspense>
      ) : null}
    </DialogTrigger>
  );
}

function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <IconButton
      icon={theme === 'dark' ? 'sun' : 'moon'}
      aria-label={`Switch to ${next} theme`}
      onPress={toggleTheme}
    />
  );
}

/**
 * The bell's badge is the server's unread count (GET /api/me/notifications) for a user with a
 * profile; Push Notifications off hides it. The bell opens the list, which marks it read.
 * Notifications belong to an account: a signed-out visitor (legal pages) sees no count, and the
 * popover invites them to sign in instead.
 */
function NotificationBell() {
  const { user } = useAuth();
  const location = useAppState((state) => state.location);
  const count = useBadgeCount();
  const label = count === null ? 'Notifications' : `Notifications, ${count} new`;
  return (
    <DialogTrigger>
      <IconButton
        icon="bell"
        aria-label={label}
        badge={
          count === null ? null : (
            <span className={styles.countBadge} aria-hidden="true" data-testid="notification-badge">
              {count > 99 ? '99+' : count}
            </span>
          )
        }
      />
      <Popover
        className={cx(menuStyles.popover, styles.notificationsPopover)}
        placement="bottom end"
        offset={8}
      >
        <Dialog className={styles.notificationsDialog}>
          {({ close }) => (
            <>
              <Heading slot="title" className={styles.notificationsTitle}>
                Notifications
              </Heading>
              {user ? (
                <NotificationPanel onNavigate={close} />
              ) : (
                <>
                  <p className={styles.muted}>
                    Sign in to get updates about new events near {location}.
                  </p>
                  <LinkButton to="/auth" variant="secondary" size="sm" onClick={close}>
                    Sign in
                  </LinkButton>
                </>
              )}
            </>
          )}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}

/** Signed in: the avatar menu. Signed out: a sign-in link, once auth knows (no flicker while loading). */
function AccountControl() {
  const { user, loading } = useAuth();
  const navigate = useNavigate();
  const signOut = useSignOutAction();
  // The uploaded photo wins over the identity provider's (Google's) picture.
  const profilePhoto = useProfilePhotoUrl();
  const displayName = useDisplayName();

  if (!user) {
    return loading ? (
      <span className={styles.authPlaceholder} aria-hidden="true" />
    ) : (
      <IconLink to="/auth" icon="signIn" variant="accent" aria-label="Sign in" />
    );
  }

  const name = displayName || user.email;

  async function handleAction(key: Key) {
    if (key === 'profile') await navigate({ to: '/profile' });
    else if (key === 'saved') await navigate({ to: '/saved' });
    else if (key === 'sign-out') await signOut();
  }

  return (
    <MenuTrigger>
      <AriaButton className={styles.avatarButton} aria-label="Account menu">
        <Avatar
          photoURL={profilePhoto ?? user.photoURL}
          name={name}
          size={36}
          className={styles.avatarRing}
        />
      </AriaButton>
      <Menu
        onAction={(key) => void handleAction(key)}
        header={
          name ? (
            <>
              <div className={styles.menuName}>{displayName || 'Signed in'}</div>
              {user.email ? <div className={styles.menuEmail}>{user.email}</div> : null}
            </>
          ) : undefined
        }
      >
        <MenuItem id="profile" icon="user">
          Profile
        </MenuItem>
        <MenuItem id="saved" icon="heart">
          Saved Events
        </MenuItem>
        <MenuSeparator />
        <MenuItem id="sign-out" icon="signOut" tone="danger">
          Sign Out
        </MenuItem>
      </Menu>
    </MenuTrigger>
  );
}
