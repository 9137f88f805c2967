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

/** '5 PM', '9 PM', '8 AM'. */
function hourText(hour: number): string {
  return `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'AM' : 'PM'}`;
}

export const PUSH_LABEL = 'Push Notifications';
export const PUSH_DESCRIPTION = 'Get notified about new events';
export const PUSH_DENIED_TEXT = `Notifications are blocked for ${PRODUCT_NAME} in this browser. Allow them in the site settings, then try again.`;
export const PUSH_UNSUPPORTED_TEXT = `This browser can't receive notifications from ${PRODUCT_NAME}. On an iPhone or iPad, add ${PRODUCT_NAME} to your Home Screen (Share, then Add to Home Screen) and turn them on there; elsewhere, use a current Chrome, Edge, Firefox or Safari.`;
export const WEEKLY_EMAIL_LABEL = 'Weekly email';
export const WEEKLY_EMAIL_DESCRIPTION = "'This weekend for your family', every Thursday";

/** Each kind's switch (every kind has one: a Record of them all). */
export const pushKindSwitches: Record<PushKind, { label: string; description: string }> = {
  changes: {
    label: 'Changes to saved events',
    description: 'When a saved event is cancelled or moved',
  },
  reminders: {
    label: 'Reminders the day before',
    description: `At ${hourText(reminderHour)} the day before a saved event`,
  },
  concerts: {
    label: 'Concerts for your taste',
    description: 'New concerts that match your music',
  },
  watched: {
    label: 'New events for watched searches',
    description: 'Once for each new event that matches',
  },
};
const pushKinds = Object.keys(pushKindSwitches) as PushKind[];

export const PUSH_LIMITS_TEXT = `At most ${maxPushesPerDay} a day, and none from ${hourText(quietFrom)} to ${hourText(quietUntil)} your time; the rest wait in the bell.`;

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
          problem="We couldn't load your notification settings."
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
      ? PUSH_UNSUPPORTED_TEXT
      : state === 'denied'
        ? PUSH_DENIED_TEXT
        : state === 'failed'
          ? `Notifications couldn't be changed on this device. ${error ?? ''}`
          : null;
  return (
    <>
      <Switch
        labelFirst
        isSelected={shownOn}
        isDisabled={busy || state === 'unsupported'}
        onChange={(on) => actor.send({ type: on ? 'user.turnOn' : 'user.turnOff' })}
        description={PUSH_DESCRIPTION}
      >
        {PUSH_LABEL}
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
  const distance = chosen ? `within ${chosen.amount} ${chosen.unit}` : 'at the usual distance';
  return `Picked with Family Safe ${familySafe ? 'on' : 'off'}, ${distance}, as last set in the app.`;
}

function SettingsSwitches({ settings }: { settings: OutreachSettings }) {
  const pushOn = PushSubscriptionActor.useSelector((snapshot) => snapshot.value === 'on');
  const update = useUpdateOutreach();
  const switchWeeklyEmail = useWeeklyEmailSwitch();
  return (
    <>
      {pushOn ? (
        <Stack space="3" role="group" aria-labelledby="push-kinds-title" className={styles.kinds}>
          <h3 id="push-kinds-title" className={styles.subTitle}>
            Notify me about
          </h3>
          {pushKinds.map((kind) => (
            <Switch
              key={kind}
              labelFirst
              isSelected={settings.push[kind]}
              onChange={(on) => update.mutate({ push: { [kind]: on } })}
              description={pushKindSwitches[kind].description}
            >
              {pushKindSwitches[kind].label}
            </Switch>
          ))}
          <p className={styles.note}>{PUSH_LIMITS_TEXT}</p>
        </Stack>
      ) : null}
      <Switch
        labelFirst
        isSelected={settings.weeklyEmail}
        onChange={switchWeeklyEmail}
        description={WEEKLY_EMAIL_DESCRIPTION}
      >
        {WEEKLY_EMAIL_LABEL}
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

export const WEEKLY_EMAIL_PREVIEW_LABEL = "Send me this week's email now";

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
          ? { title: 'Sent to your email', description: result.subject }
          : { title: 'Nothing to send yet', description: result.reason },
      ),
    onError: (error) =>
      toast({ title: "The email couldn't be sent", description: apiErrorMessage(error) }),
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
      {WEEKLY_EMAIL_PREVIEW_LABEL}
    </Button>
  );
}
