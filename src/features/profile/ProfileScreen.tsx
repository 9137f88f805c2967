import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { apiErrorMessage } from '../../api/client.ts';
import { savedEventsQueryOptions } from '../../api/events.ts';
import { myRoleQueryOptions } from '../../api/operator.ts';
import { deleteOwnAccount } from '../../api/users.ts';
import { useAppState, useAppStateStore } from '../../app/appState.tsx';
import { useAuth } from '../../app/auth.tsx';
import { useSignOutAction } from '../../app/useSignOutAction.ts';
import { PRODUCT_NAME } from '../../domain/constants.ts';
import { genreLabel } from '../../domain/familyLabels.ts';
import { LanguagePicker } from '../../i18n/LanguagePicker.tsx';
import { visuallyHidden } from '../../styles/utilities.css.ts';
import {
  Avatar,
  Button,
  Card,
  Icon,
  Inline,
  LinkButton,
  Modal,
  PageHeader,
  Stack,
  Switch,
  useAlert,
  useToast,
} from '../../ui/index.ts';
import * as pageStyles from '../../ui/page.css.ts';
import { bareList } from '../../ui/surfaces.css.ts';
import { NotificationPanel } from '../notifications/NotificationPanel.tsx';
import { useSavedCalendarExport } from '../saved/CalendarActions.tsx';
import { useDisplayName } from './displayName.ts';
import { familyGroupsToShow, notSpecifiedText } from './familyDisplay.ts';
import { MySuggestions } from './MySuggestions.tsx';
import { i18n } from './messages.ts';
import { OutreachSettingsPart } from './OutreachSettings.tsx';
import * as styles from './profile.css.ts';
import type { PushBrowser } from './pushDevice.ts';
import { useProfilePhotoUrl } from './useProfilePhoto.ts';
import { useSaveLanguage } from './useSaveLanguage.ts';
import { WatchedSearches } from './WatchedSearches.tsx';

/** docs/product.md#spec-2-profile: the name when neither the identity nor the record has one. */
function defaultDisplayName(): string {
  return i18n.t('profile.identity.defaultName', { product: PRODUCT_NAME });
}

/**
 * The Connected Accounts buttons: two music services and a ticketing service (docs/product.md#spec-2, 8). The
 * spec only says they show 'coming soon' alerts; the text is ours, one sentence per service.
 */
const connectedServices = ['Spotify', 'Apple Music', 'Ticketmaster'] as const;
function comingSoonText(service: string): string {
  return i18n.t('profile.connected.comingSoon', { service });
}

interface ProfileScreenProps {
  /** Builds and downloads the .ics file; tests may hand in their own. */
  downloadCalendar?: Parameters<typeof useSavedCalendarExport>[0];
  /** The browser's push side (Notification, the service worker's PushManager); tests hand in a device. */
  pushBrowser?: PushBrowser;
}

/**
 * docs/product.md#spec-2-profile: who is signed in, the family's preferences from onboarding, the
 * settings (with issue 34's push, weekly email and watched searches), quick ways to the saved list and the notifications, the events they suggested
 * (docs/suggestions.md), the (coming) connected accounts, and the ways out: Sign Out, and deleting the account for good.
 */
export function ProfileScreen({ downloadCalendar, pushBrowser }: ProfileScreenProps) {
  return (
    <Stack space="5">
      <PageHeader title={i18n.t('profile.title')} />
      <Identity />
      <FamilyPreferences />
      <Settings pushBrowser={pushBrowser} />
      <Section id="watched-searches" title={i18n.t('profile.watched.title')}>
        <WatchedSearches />
      </Section>
      <QuickActions downloadCalendar={downloadCalendar} />
      <SuggestedEvents />
      <ConnectedAccounts />
      <LeaveActions />
    </Stack>
  );
}

function Identity() {
  const { user } = useAuth();
  const record = useAppState((state) => state.currentUser);
  const appLocation = useAppState((state) => state.location);
  const photo = useProfilePhotoUrl();
  const name = useDisplayName() ?? defaultDisplayName();
  const email = user?.email ?? record?.email;
  const location = record?.location || appLocation;
  return (
    <Card as="section" aria-labelledby="profile-name" className={styles.identity}>
      {/* Photo or icon (docs/product.md): no initial here, the name is right beside it. */}
      <Avatar photoURL={photo ?? user?.photoURL} size={88} className={styles.identityAvatar} />
      <div className={styles.identityText}>
        {/* One line each, cut with an ellipsis when too long for the phone; the title gives
            the whole text on hover or long press, and screen readers read it all. */}
        <h2 id="profile-name" className={styles.name} title={name}>
          {name}
        </h2>
        {email ? (
          <p className={styles.email} title={email}>
            {email}
          </p>
        ) : null}
        <p className={styles.detail}>
          <Icon name="mapPin" size={16} aria-hidden="true" />
          <span>
            <span className={visuallyHidden}>{i18n.t('profile.identity.location')}</span>
            {location}
          </span>
        </p>
      </div>
    </Card>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card as="section" aria-labelledby={id}>
      <Stack space="3">
        <h2 id={id} className={pageStyles.sectionTitle}>
          {title}
        </h2>
        {children}
      </Stack>
    </Card>
  );
}

function FamilyPreferences() {
  const record = useAppState((state) => state.currentUser);
  const groups = familyGroupsToShow(record?.familySituation);
  const genres = record?.musicPreferences ?? [];
  return (
    <Section id="family-preferences" title={i18n.t('profile.preferences.title')}>
      <h3 className={styles.subTitle}>{i18n.t('profile.preferences.family')}</h3>
      {groups.length === 0 ? (
        <p className={styles.muted}>{notSpecifiedText()}</p>
      ) : (
        <Stack
          as="ul"
          space="2"
          className={bareList}
          aria-label={i18n.t('profile.preferences.family')}
        >
          {groups.map((group) => (
            <li key={group.id} className={styles.familyItem}>
              <span aria-hidden="true" className={styles.emoji}>
                {group.emoji}
              </span>
              <span>{group.label}</span>
            </li>
          ))}
        </Stack>
      )}
      <h3 className={styles.subTitle}>{i18n.t('profile.preferences.music')}</h3>
      {genres.length === 0 ? (
        <p className={styles.muted}>{notSpecifiedText()}</p>
      ) : (
        <ul className={styles.chips} aria-label={i18n.t('profile.preferences.music')}>
          {genres.map((genre) => (
            <li key={genre} className={styles.chip}>
              {genreLabel(genre)}
            </li>
          ))}
        </ul>
      )}
      <LinkButton
        to="/profile/edit"
        variant="outline"
        size="sm"
        icon="sliders"
        className={styles.editLink}
      >
        {i18n.t('profile.preferences.edit')}
      </LinkButton>
    </Section>
  );
}

function Settings({ pushBrowser }: Pick<ProfileScreenProps, 'pushBrowser'>) {
  const familyMode = useAppState((state) => state.familyMode);
  const setFamilyMode = useAppState((state) => state.setFamilyMode);
  const saveLanguage = useSaveLanguage();
  return (
    <Section id="profile-settings" title={i18n.t('profile.settings.title')}>
      <LanguagePicker onChanged={saveLanguage} />
      {/* The same app-state field as the header's Family Safe switch: flipping one flips both. */}
      <Switch
        labelFirst
        isSelected={familyMode}
        onChange={setFamilyMode}
        description={i18n.t('profile.settings.familyModeDescription')}
      >
        {i18n.t('profile.settings.familyMode')}
      </Switch>
      {/* This device's push, the kinds of push and the weekly email (issue 34). */}
      <OutreachSettingsPart pushBrowser={pushBrowser} />
    </Section>
  );
}

function QuickActions({ downloadCalendar }: ProfileScreenProps) {
  const savedEventIds = useAppState((state) => state.savedEventIds);
  const queryClient = useQueryClient();
  const toast = useToast();
  const { exporting, exportCalendar } = useSavedCalendarExport(downloadCalendar);
  const [historyOpen, setHistoryOpen] = useState(false);

  const exportSaved = () => {
    if (savedEventIds.length === 0) {
      toast({ title: i18n.t('profile.quick.nothingSaved') });
      return;
    }
    // The saved list's own query: Saved may have it cached already, in saved order.
    void exportCalendar(async () => {
      const { events } = await queryClient.fetchQuery(savedEventsQueryOptions(savedEventIds));
      return events;
    });
  };

  return (
    <Section id="quick-actions" title={i18n.t('profile.quick.title')}>
      <div className={styles.quickActions}>
        <Button variant="outline" icon="calendar" isPending={exporting} onPress={exportSaved}>
          {i18n.t('profile.quick.calendar')}
        </Button>
        <LinkButton to="/saved" variant="outline" icon="heart">
          {i18n.t('profile.quick.saved')}
        </LinkButton>
        <Button variant="outline" icon="bell" onPress={() => setHistoryOpen(true)}>
          {i18n.t('profile.quick.history')}
        </Button>
      </div>
      <Modal
        title={i18n.t('profile.quick.notifications')}
        isOpen={historyOpen}
        onOpenChange={setHistoryOpen}
      >
        <NotificationPanel onNavigate={() => setHistoryOpen(false)} />
      </Modal>
    </Section>
  );
}

/**
 * The events this person suggested, with their review status, and the way to suggest one. The
 * operator screen's link is here too, for operators only (GET /api/me/role): everyone else
 * would only meet its 403.
 */
function SuggestedEvents() {
  const signedIn = useAuth().user !== null;
  // Only a family with a profile has suggestions (the server answers 404 without one): until
  // onboarding made it, the list is not asked for and the section says when it will show.
  const hasProfile = useAppState((state) => state.currentUser !== null);
  const role = useQuery({ ...myRoleQueryOptions(), enabled: signedIn });
  return (
    <Section id="suggested-events" title={i18n.t('profile.suggested.title')}>
      <Inline space="2">
        <LinkButton to="/suggest" variant="outline" size="sm" icon="sparkles">
          {i18n.t('profile.suggested.suggest')}
        </LinkButton>
        {role.data?.operator ? (
          <LinkButton to="/operator" variant="outline" size="sm" icon="shield">
            {i18n.t('profile.suggested.operator')}
          </LinkButton>
        ) : null}
      </Inline>
      {!signedIn ? null : hasProfile ? (
        <MySuggestions />
      ) : (
        <p className={styles.muted}>{i18n.t('profile.suggested.beforeProfile')}</p>
      )}
    </Section>
  );
}

function ConnectedAccounts() {
  const showAlert = useAlert();
  return (
    <Section id="connected-accounts" title={i18n.t('profile.connected.title')}>
      <Stack space="2">
        {connectedServices.map((service) => (
          <Button
            key={service}
            variant="outline"
            fullWidth
            onPress={() => showAlert(comingSoonText(service))}
          >
            {i18n.t('profile.connected.connect', { service })}
          </Button>
        ))}
      </Stack>
    </Section>
  );
}

function LeaveActions() {
  const signOutHere = useSignOutAction();
  const [confirming, setConfirming] = useState(false);

  return (
    <Stack space="3">
      <Button variant="outline" icon="signOut" fullWidth onPress={() => void signOutHere()}>
        {i18n.t('profile.leave.signOut')}
      </Button>
      <Button variant="danger" fullWidth onPress={() => setConfirming(true)}>
        {i18n.t('profile.leave.deleteAccount')}
      </Button>
      <DeleteAccountDialog isOpen={confirming} onOpenChange={setConfirming} />
    </Stack>
  );
}

/**
 * Leaving for good asks first and says what goes. Only after the server has deleted everything
 * (profile, saved list, polls, photo, then the sign-in) is this device cleared and signed out;
 * a failure leaves both as they were and says so.
 */
function DeleteAccountDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const { signOut } = useAuth();
  const appState = useAppStateStore();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const deleteAccount = async () => {
    setDeleting(true);
    setFailure(null);
    try {
      await deleteOwnAccount();
    } catch (error) {
      setFailure(i18n.t('profile.delete.failed', { reason: apiErrorMessage(error) }));
      setDeleting(false);
      return;
    }
    // The sign-in is gone on the server; signing out here only ends the local session, and
    // the session clean-up clears the rest. Both are done here too, in case sign-out throws.
    await signOut().catch(() => undefined);
    appState.reset();
    queryClient.clear();
    toast({ title: i18n.t('profile.delete.done') });
    await navigate({ to: '/auth' });
  };

  return (
    <Modal
      role="alertdialog"
      title={i18n.t('profile.delete.title')}
      isOpen={isOpen}
      isDismissable={!deleting}
      onOpenChange={(open) => {
        if (!deleting) {
          setFailure(null);
          onOpenChange(open);
        }
      }}
    >
      {(close) => (
        <Stack space="4">
          <p className={styles.dialogText}>
            {i18n.t('profile.delete.text', { product: PRODUCT_NAME })}
          </p>
          {failure ? (
            <p className={styles.failure} role="alert">
              {failure}
            </p>
          ) : null}
          <div className={styles.dialogActions}>
            <Button variant="outline" isDisabled={deleting} onPress={close}>
              {i18n.t('profile.common.cancel')}
            </Button>
            <Button variant="danger" isPending={deleting} onPress={() => void deleteAccount()}>
              {i18n.t('profile.delete.confirm')}
            </Button>
          </div>
        </Stack>
      )}
    </Modal>
  );
}
