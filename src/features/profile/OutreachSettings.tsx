import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  MAX_PUSHES_PER_DAY,
  OutreachSettings,
  PushKind,
  QUIET_FROM_HOUR,
  QUIET_UNTIL_HOUR,
  REMINDER_LOCAL_HOUR,
} from '../../../contract/outreach.ts';
import { parseRadiusParam } from '../../../contract/radius.ts';
import { apiErrorMessage } from '../../api/client.ts';
import { outreachSettingsQueryOptions, sendWeeklyEmailPreview } from '../../api/outreach.ts';
import { useAuth } from '../../app/auth.tsx';
import { PRODUCT_NAME } from '../../domain/constants.ts';
import { Button, LoadProblem, Stack, Switch, useToast } from '../../ui/index.ts';
import { i18n } from './messages.ts';
import * as styles from './profile.css.ts';
import type { PushBrowser } from './pushDevice.ts';
import { PushSubscriptionActor, PushSubscriptionProvider } from './pushSubscriptionActor.tsx';
import { useUpdateOutreach, useWeeklyEmailSwitch } from './useUpdateOutreach.ts';

/*
 * Profile's part of issue 34: this device's push toggle (machines/pushSubscription.ts), the
 * kinds of push the family wants, and the weekly email, read from and written to
 * `GET/PUT /api/me/outreach` (the same on every device).
 */

// The contract's figures, written out so its schema code stays out of the browser; each is
// typed as the contract's constant, so a change there fails the typecheck here.
const reminderHour: typeof REMINDER_LOCAL_HOUR = 17;
const quietFrom: typeof QUIET_FROM_HOUR = 21;
const quietUntil: typeof QUIET_UNTIL_HOUR = 8;
const maxPushesPerDay: typeof MAX_PUSHES_PER_DAY = 4;

/** '5 PM', '9 PM', '8 AM' ('5 p. m.' in Spanish). */
function hourText(hour: number): string {
  const shown = hour % 12 === 0 ? 12 : hour % 12;
  return hour < 12
    ? i18n.t('profile.hour.am', { hour: shown })
    : i18n.t('profile.hour.pm', { hour: shown });
}

/*
 * The texts are read as the screen renders, in the language it speaks. The constants below are
 * the same texts in the language at load (English): the tests compare with them.
 */

function pushDeniedText(): string {
  return i18n.t('profile.push.denied', { product: PRODUCT_NAME });
}
function pushUnsupportedText(): string {
  return i18n.t('profile.push.unsupported', { product: PRODUCT_NAME });
}

/** Each kind's switch (every kind has one: a Record of them all). */
function pushKindTexts(): Record<PushKind, { label: string; description: string }> {
  return {
    changes: {
      label: i18n.t('profile.kinds.changes'),
      description: i18n.t('profile.kinds.changesDescription'),
    },
    reminders: {
      label: i18n.t('profile.kinds.reminders'),
      description: i18n.t('profile.kinds.remindersDescription', { hour: hourText(reminderHour) }),
    },
    concerts: {
      label: i18n.t('profile.kinds.concerts'),
      description: i18n.t('profile.kinds.concertsDescription'),
    },
    watched: {
      label: i18n.t('profile.kinds.watched'),
      description: i18n.t('profile.kinds.watchedDescription'),
    },
  };
}

function pushLimitsText(): string {
  return i18n.t('profile.kinds.limits', {
    max: maxPushesPerDay,
    from: hourText(quietFrom),
    until: hourText(quietUntil),
  });
}

export const PUSH_DENIED_TEXT = pushDeniedText();
export const PUSH_UNSUPPORTED_TEXT = pushUnsupportedText();
export const pushKindSwitches = pushKindTexts();
export const PUSH_LIMITS_TEXT = pushLimitsText();
const pushKinds = Object.keys(pushKindSwitches) as PushKind[];

interface OutreachSettingsProps {
  /** The browser's push side; tests hand in a device. */
  pushBrowser?: PushBrowser;
}

/** Under Family Mode in Profile's Settings. */
export function OutreachSettingsPart({ pushBrowser }: OutreachSettingsProps) {
  const signedIn = useAuth().user !== null;
  const settings = useQuery({ ...outreachSettingsQueryOptions(), enabled: signedIn });
  return (
    <PushSubscriptionProvider browser={pushBrowser}>
      <PushToggle />
      {settings.isError ? (
        <LoadProblem
          size="md"
          problem={i18n.t('profile.outreach.loadFailed')}
          reason={apiErrorMessage(settings.error)}
          isRetrying={settings.isRefetching}
          onRetry={() => void settings.refetch()}
        />
      ) : settings.data ? (
        <SettingsSwitches settings={settings.data} />
      ) : null}
    </PushSubscriptionProvider>
  );
}

/** This device's push: the switch shows what the device says, and why it cannot when it cannot. */
function PushToggle() {
  const actor = PushSubscriptionActor.useActorRef();
  const state = PushSubscriptionActor.useSelector((snapshot) => snapshot.value);
  const error = PushSubscriptionActor.useSelector((snapshot) => snapshot.context.error);
  // Asking and subscribing show it on (where the tap is taking it); leaving it, off.
  const shownOn = state === 'on' || state === 'asking' || state === 'subscribing';
  const busy = ['checking', 'asking', 'subscribing', 'unsubscribing'].includes(state);
  const problem =
    state === 'unsupported'
      ? pushUnsupportedText()
      : state === 'denied'
        ? pushDeniedText()
        : state === 'failed'
          ? i18n.t('profile.push.failed', { reason: error ?? '' })
          : null;
  return (
    <>
      <Switch
        labelFirst
        isSelected={shownOn}
        isDisabled={busy || state === 'unsupported'}
        onChange={(on) => actor.send({ type: on ? 'user.turnOn' : 'user.turnOff' })}
        description={i18n.t('profile.push.description')}
      >
        {i18n.t('profile.push.label')}
      </Switch>
      {/* Always present, so what appears after a tap is read out. */}
      <p role="status" className={problem ? styles.pushProblem : styles.emptyStatus}>
        {problem}
      </p>
    </>
  );
}

/**
 * What the weekly email is chosen with besides the profile's place: Family Safe and the radius
 * as a device last sent them (useWeeklyEmailSwitch, src/app/familyChoicesSync.ts). Said here
 * because both are switched elsewhere in the app, and the email should hold no surprise.
 */
export function weeklyEmailChoicesText({ familySafe, radius }: OutreachSettings): string {
  const chosen = parseRadiusParam(radius);
  const distance = chosen
    ? i18n.t('profile.weekly.within', { amount: chosen.amount, unit: chosen.unit })
    : i18n.t('profile.weekly.usualDistance');
  return familySafe
    ? i18n.t('profile.weekly.choicesSafeOn', { distance })
    : i18n.t('profile.weekly.choicesSafeOff', { distance });
}

function SettingsSwitches({ settings }: { settings: OutreachSettings }) {
  const pushOn = PushSubscriptionActor.useSelector((snapshot) => snapshot.value === 'on');
  const update = useUpdateOutreach();
  const switchWeeklyEmail = useWeeklyEmailSwitch();
  const kindTexts = pushKindTexts();
  return (
    <>
      {pushOn ? (
        <Stack space="3" role="group" aria-labelledby="push-kinds-title" className={styles.kinds}>
          <h3 id="push-kinds-title" className={styles.subTitle}>
            {i18n.t('profile.kinds.title')}
          </h3>
          {pushKinds.map((kind) => (
            <Switch
              key={kind}
              labelFirst
              isSelected={settings.push[kind]}
              onChange={(on) => update.mutate({ push: { [kind]: on } })}
              description={kindTexts[kind].description}
            >
              {kindTexts[kind].label}
            </Switch>
          ))}
          <p className={styles.note}>{pushLimitsText()}</p>
        </Stack>
      ) : null}
      <Switch
        labelFirst
        isSelected={settings.weeklyEmail}
        onChange={switchWeeklyEmail}
        description={i18n.t('profile.weekly.description')}
      >
        {i18n.t('profile.weekly.label')}
      </Switch>
      {settings.weeklyEmail ? (
        <>
          <p className={styles.note}>{weeklyEmailChoicesText(settings)}</p>
          <WeeklyEmailPreview />
        </>
      ) : null}
    </>
  );
}

/**
 * What the family just turned on, shown at once: this week's email is sent to the account's
 * address now (the Thursday one still comes). The toast says what happened in words.
 */
function WeeklyEmailPreview() {
  const toast = useToast();
  const preview = useMutation({
    mutationFn: () => sendWeeklyEmailPreview(),
    onSuccess: (result) =>
      toast(
        result.sent
          ? { title: i18n.t('profile.weekly.sent'), description: result.subject }
          : { title: i18n.t('profile.weekly.nothingToSend'), description: result.reason },
      ),
    onError: (error) =>
      toast({ title: i18n.t('profile.weekly.sendFailed'), description: apiErrorMessage(error) }),
  });
  return (
    <Button
      variant="outline"
      size="sm"
      icon="mail"
      isPending={preview.isPending}
      onPress={() => preview.mutate()}
      className={styles.previewButton}
    >
      {i18n.t('profile.weekly.preview')}
    </Button>
  );
}
