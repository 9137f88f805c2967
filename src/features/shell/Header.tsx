import { Link, useNavigate } from '@tanstack/react-router';
import { type Key, lazy, Suspense, useRef, useState } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { useAppState } from '../../app/appState.tsx';
import { useAuth } from '../../app/auth.tsx';
import { useTheme } from '../../app/theme.tsx';
import { useSignOutAction } from '../../app/useSignOutAction.ts';
import { PRODUCT_NAME } from '../../domain/constants.ts';
import { Avatar, Badge, Chip, IconButton, IconLink, Inline, Switch } from '../../ui/index.ts';
import { LogoMark, Wordmark } from '../../ui/Logo.tsx';
import { useFeedbackFirst } from '../../ui/useFeedbackFirst.ts';
import { useBadgeCount } from '../notifications/useNotifications.ts';
import { useDisplayName } from '../profile/displayName.ts';
import { useProfilePhotoUrl } from '../profile/useProfilePhoto.ts';
import { describeLocation, formatCoordinates } from './locationLabel.ts';
import { i18n } from './messages.ts';
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
          <Link
            to="/"
            className={styles.brand}
            aria-label={i18n.t('shell.header.home', { product: PRODUCT_NAME })}
          >
            <LogoMark />
            <Wordmark />
          </Link>
          <Inline space="1" wrap={false}>
            <ThemeToggle />
            <NotificationBell />
            <AccountControl />
          </Inline>
        </div>
        <div className={styles.headerRow}>
          {/* Left out while a flow is to be finished (AppShell's `focused`); the chip stays,
              at the row's end by its own margin. */}
          {focused ? null : (
            <Switch isSelected={familyShown} onChange={changeFamilyMode}>
              {familyShown ? (
                // Badge under the label keeps the row narrow enough for the location chip at 390 px.
                <span className={styles.familyLabel}>
                  <span>{i18n.t('shell.header.familySafe')}</span>
                  <Badge tone="family">{i18n.t('shell.header.underEighteen')}</Badge>
                </span>
              ) : (
                <span className={styles.familyLabel}>{i18n.t('shell.header.allEvents')}</span>
              )}
            </Switch>
          )}
          <LocationChip />
        </div>
      </div>
    </header>
  );
}

const NotificationPopover = lazy(() => import('./NotificationPopover.tsx'));
const AccountMenu = lazy(() => import('./AccountMenu.tsx'));

const LocationDialog = lazy(async () => ({
  default: (await import('./LocationDialog.tsx')).LocationDialog,
}));

/**
 * The city, and under it the coordinates (2 decimals, docs/product.md#spec-9) when GPS set it. The dialog's code
 * loads on the first press (see LocationDialog) and then stays, so closing it still animates.
 */
function LocationChip() {
  const { location, locationCoordinates } = useAppState();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogWanted, setDialogWanted] = useState(false);
  return (
    <>
      <Chip
        className={styles.locationChip}
        icon="mapPin"
        compact
        aria-label={i18n.t('shell.header.location', {
          place: describeLocation(location, locationCoordinates),
        })}
        aria-haspopup="dialog"
        aria-expanded={dialogOpen}
        onPress={() => {
          setDialogWanted(true);
          setDialogOpen(true);
        }}
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
          <LocationDialog isOpen={dialogOpen} onOpenChange={setDialogOpen} />
        </Suspense>
      ) : null}
    </>
  );
}

function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  return (
    <IconButton
      icon={theme === 'dark' ? 'sun' : 'moon'}
      aria-label={
        theme === 'dark'
          ? i18n.t('shell.header.switchToLight')
          : i18n.t('shell.header.switchToDark')
      }
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
  const label =
    count === null
      ? i18n.t('shell.header.notifications')
      : i18n.t('shell.header.notificationsNew', { count });
  const bell = useRef<HTMLButtonElement>(null);
  const [popoverOpen, setPopoverOpen] = useState(false);
  // The popover's code loads on the first press and then stays, so closing it still animates.
  const [popoverWanted, setPopoverWanted] = useState(false);
  return (
    <>
      <IconButton
        ref={bell}
        icon="bell"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={popoverOpen}
        onPress={() => {
          setPopoverWanted(true);
          setPopoverOpen(true);
        }}
        badge={
          count === null ? null : (
            <span className={styles.countBadge} aria-hidden="true" data-testid="notification-badge">
              {count > 99 ? '99+' : count}
            </span>
          )
        }
      />
      {popoverWanted ? (
        <Suspense fallback={null}>
          <NotificationPopover
            triggerRef={bell}
            isOpen={popoverOpen}
            onOpenChange={setPopoverOpen}
            signedIn={user !== null}
            location={location}
          />
        </Suspense>
      ) : null}
    </>
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
  const [menuWanted, setMenuWanted] = useState(false);

  if (!user) {
    return loading ? (
      <span className={styles.authPlaceholder} aria-hidden="true" />
    ) : (
      <IconLink
        to="/auth"
        icon="signIn"
        variant="accent"
        aria-label={i18n.t('shell.header.signIn')}
      />
    );
  }

  const name = displayName || user.email;

  async function handleAction(key: Key) {
    if (key === 'profile') await navigate({ to: '/profile' });
    else if (key === 'saved') await navigate({ to: '/saved' });
    else if (key === 'sign-out') await signOut();
  }

  const avatar = (
    <Avatar
      photoURL={profilePhoto ?? user.photoURL}
      name={name}
      size={36}
      className={styles.avatarRing}
    />
  );
  // Until first pressed, the avatar is a stand-in: the menu's code comes with that press.
  const standIn = (
    <AriaButton
      className={styles.avatarButton}
      aria-label={i18n.t('shell.header.accountMenu')}
      aria-haspopup="menu"
      aria-expanded={false}
      onPress={() => setMenuWanted(true)}
    >
      {avatar}
    </AriaButton>
  );
  return menuWanted ? (
    <Suspense fallback={standIn}>
      <AccountMenu
        avatar={avatar}
        displayName={displayName}
        email={user.email}
        onAction={(key) => void handleAction(key)}
      />
    </Suspense>
  ) : (
    standIn
  );
}
