import { describe, expect, it, vi } from 'vitest';
import { createActor, type EventFromLogic } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  failureText,
  type PushDeviceState,
  type PushSubscriptionContext,
  pushSubscriptionMachine,
} from './pushSubscription.ts';
import {
  describeModel,
  describePath,
  expectEffectsToBeProvided,
  expectFullCoverage,
  followPathWithOracle,
} from './testing/modelTests.ts';
import {
  createPromiseActorController,
  describeChartEvents,
  describeChartTransitions,
  toTestMachine,
} from './testing/testModel.ts';

/** What a device can say on load, named for the test titles. */
const devices = {
  noPushApi: { supported: false, permission: 'default', subscribed: false },
  blocked: { supported: true, permission: 'denied', subscribed: false },
  subscribed: { supported: true, permission: 'granted', subscribed: true },
  // Allowed once, but the subscription is gone (unsubscribed elsewhere, or expired).
  grantedNoSubscription: { supported: true, permission: 'granted', subscribed: false },
  neverAsked: { supported: true, permission: 'default', subscribed: false },
  // A subscription left while the permission went back to 'ask': it cannot show anything.
  subscribedNotAllowed: { supported: true, permission: 'default', subscribed: true },
} as const satisfies Record<string, PushDeviceState>;
const deviceName = (device: PushDeviceState) =>
  Object.entries(devices).find(
    ([, known]) => JSON.stringify(known) === JSON.stringify(device),
  )?.[0];

const failures = {
  check: 'Could not read this browser’s notification settings.',
  ask: 'The browser would not ask for permission.',
  subscribe: '503: Push is not configured on this server.',
  unsubscribe: 'The server took too long to answer. Please try again.',
};

function startToggle() {
  const checkDevice = createPromiseActorController<PushDeviceState, void>();
  const askPermission = createPromiseActorController<NotificationPermission, void>();
  const subscribe = createPromiseActorController<void, void>();
  const unsubscribe = createPromiseActorController<void, void>();
  const deviceChanged = vi.fn(() => undefined);
  const actor = createActor(
    pushSubscriptionMachine.provide({
      actors: {
        checkDevice: checkDevice.logic,
        askPermission: askPermission.logic,
        subscribe: subscribe.logic,
        unsubscribe: unsubscribe.logic,
      },
      actions: { deviceChanged },
    }),
  );
  actor.start();
  return { actor, checkDevice, askPermission, subscribe, unsubscribe, deviceChanged };
}

describeModel('pushSubscription model', () => {
  const testMachine = toTestMachine(pushSubscriptionMachine);
  const model = createTestModel(testMachine, {
    events: (): EventFromLogic<typeof testMachine>[] => [
      ...Object.values(devices).map((output) => ({ type: 'checkDevice.done' as const, output })),
      { type: 'checkDevice.error', error: new Error(failures.check) },
      { type: 'user.turnOn' },
      { type: 'user.turnOff' },
      { type: 'askPermission.done', output: 'granted' },
      { type: 'askPermission.done', output: 'denied' },
      { type: 'askPermission.done', output: 'default' },
      { type: 'askPermission.error', error: new Error(failures.ask) },
      { type: 'subscribe.done', output: undefined },
      { type: 'subscribe.error', error: new Error(failures.subscribe) },
      { type: 'unsubscribe.done', output: undefined },
      { type: 'unsubscribe.error', error: new Error(failures.unsubscribe) },
    ],
  });
  const paths = model.getShortestPaths();
  const nameEvent = (event: EventFromLogic<typeof testMachine>) => {
    if (event.type === 'checkDevice.done') return `checkDevice.done(${deviceName(event.output)})`;
    if (event.type === 'askPermission.done') return `askPermission.done(${event.output})`;
    return event.type;
  };

  it('has the chart events', () => {
    expect(describeChartEvents(testMachine)).toEqual([
      'askPermission.done',
      'askPermission.error',
      'checkDevice.done',
      'checkDevice.error',
      'subscribe.done',
      'subscribe.error',
      'unsubscribe.done',
      'unsubscribe.error',
      'user.turnOff',
      'user.turnOn',
    ]);
  });

  it('is the reviewed chart (issue 34: push notifications)', () => {
    expect(describeChartTransitions(pushSubscriptionMachine)).toEqual([
      'pushSubscription.asking --askPermission.done [isGranted]--> pushSubscription.subscribing actions:0',
      'pushSubscription.asking --askPermission.done [isRefused]--> pushSubscription.denied actions:0',
      'pushSubscription.asking --askPermission.done--> pushSubscription.off actions:0',
      'pushSubscription.asking --askPermission.error--> pushSubscription.failed actions:1',
      'pushSubscription.checking --checkDevice.done [isBlocked]--> pushSubscription.denied actions:0',
      'pushSubscription.checking --checkDevice.done [isSubscribed]--> pushSubscription.on actions:0',
      'pushSubscription.checking --checkDevice.done [isUnsupported]--> pushSubscription.unsupported actions:0',
      'pushSubscription.checking --checkDevice.done--> pushSubscription.off actions:0',
      'pushSubscription.checking --checkDevice.error--> pushSubscription.failed actions:1',
      'pushSubscription.denied --user.turnOn--> pushSubscription.asking actions:0',
      'pushSubscription.failed --user.turnOn--> pushSubscription.asking actions:1',
      'pushSubscription.off --user.turnOn--> pushSubscription.asking actions:0',
      'pushSubscription.on --user.turnOff--> pushSubscription.unsubscribing actions:0',
      'pushSubscription.subscribing --subscribe.done--> pushSubscription.on actions:1',
      'pushSubscription.subscribing --subscribe.error--> pushSubscription.failed actions:1',
      'pushSubscription.unsubscribing --unsubscribe.done--> pushSubscription.off actions:1',
      'pushSubscription.unsubscribing --unsubscribe.error--> pushSubscription.failed actions:1',
    ]);
  });

  it('generates paths through every state and every transition', () => {
    expectFullCoverage(testMachine, paths);
  });

  it.each(paths.map((path) => [describePath(path, nameEvent), path] as const))(
    'the real toggle follows: %s',
    async (_description, path) => {
      const toggle = startToggle();
      const { actor } = toggle;
      await followPathWithOracle(
        path,
        actor,
        async (event) => {
          switch (event.type) {
            case 'checkDevice.done':
              return toggle.checkDevice.resolve(event.output);
            case 'checkDevice.error':
              return toggle.checkDevice.reject(event.error);
            case 'askPermission.done':
              return toggle.askPermission.resolve(event.output);
            case 'askPermission.error':
              return toggle.askPermission.reject(event.error);
            case 'subscribe.done':
              return toggle.subscribe.resolve(undefined);
            case 'subscribe.error':
              return toggle.subscribe.reject(event.error);
            case 'unsubscribe.done':
              return toggle.unsubscribe.resolve(undefined);
            case 'unsubscribe.error':
              return toggle.unsubscribe.reject(event.error);
            case 'user.turnOn':
            case 'user.turnOff':
              return actor.send(event);
            default:
              throw new Error(`the model has no ${(event as { type: string }).type} event`);
          }
        },
        {
          initial: {
            state: 'checking',
            context: { error: null },
            runs: { checkDevice: 1, askPermission: 0, subscribe: 0, unsubscribe: 0 },
            deviceChanges: 0,
          },
          next: expectAfter,
          check: (snapshot, expected) => {
            expect(snapshot.value).toBe(expected.state);
            expect(snapshot.context).toEqual(expected.context);
            expect({
              checkDevice: toggle.checkDevice.runs.length,
              askPermission: toggle.askPermission.runs.length,
              subscribe: toggle.subscribe.runs.length,
              unsubscribe: toggle.unsubscribe.runs.length,
            }).toEqual(expected.runs);
            expect(toggle.deviceChanged).toHaveBeenCalledTimes(expected.deviceChanges);
            // The toggle can be turned on from off, denied and failed only; off only from on.
            expect(snapshot.can({ type: 'user.turnOn' })).toBe(
              ['off', 'denied', 'failed'].includes(expected.state),
            );
            expect(snapshot.can({ type: 'user.turnOff' })).toBe(expected.state === 'on');
          },
        },
      );
    },
  );
});

/** What the test expects of the toggle, worked out here and not by the machine. */
interface ExpectedToggle {
  state: string;
  context: PushSubscriptionContext;
  /** How many times each effect was started. */
  runs: { checkDevice: number; askPermission: number; subscribe: number; unsubscribe: number };
  deviceChanges: number;
}

/** Issue 34's toggle, step by step. */
function expectAfter(
  expected: ExpectedToggle,
  event: EventFromLogic<ReturnType<typeof toTestMachine<typeof pushSubscriptionMachine>>>,
): ExpectedToggle {
  const { state } = expected;
  const moveTo = (next: string, runs: Partial<ExpectedToggle['runs']> = {}): ExpectedToggle => ({
    ...expected,
    state: next,
    runs: { ...expected.runs, ...runs },
  });
  const fail = (error: unknown): ExpectedToggle => ({
    ...expected,
    state: 'failed',
    context: { error: (error as Error).message },
  });
  switch (event.type) {
    case 'checkDevice.done': {
      if (state !== 'checking') return expected;
      const device = event.output;
      if (!device.supported) return moveTo('unsupported');
      if (device.permission === 'denied') return moveTo('denied');
      // Subscribed counts only while the browser may show what arrives.
      return moveTo(device.permission === 'granted' && device.subscribed ? 'on' : 'off');
    }
    case 'checkDevice.error':
      return state === 'checking' ? fail(event.error) : expected;
    case 'user.turnOn':
      // The only way to the browser's prompt: a tap while off, denied or failed.
      return ['off', 'denied', 'failed'].includes(state)
        ? {
            ...moveTo('asking', { askPermission: expected.runs.askPermission + 1 }),
            context: { error: null },
          }
        : expected;
    case 'askPermission.done':
      if (state !== 'asking') return expected;
      if (event.output === 'granted') {
        return moveTo('subscribing', { subscribe: expected.runs.subscribe + 1 });
      }
      return moveTo(event.output === 'denied' ? 'denied' : 'off');
    case 'askPermission.error':
      return state === 'asking' ? fail(event.error) : expected;
    case 'subscribe.done':
      return state === 'subscribing'
        ? { ...moveTo('on'), deviceChanges: expected.deviceChanges + 1 }
        : expected;
    case 'subscribe.error':
      return state === 'subscribing' ? fail(event.error) : expected;
    case 'user.turnOff':
      return state === 'on'
        ? moveTo('unsubscribing', { unsubscribe: expected.runs.unsubscribe + 1 })
        : expected;
    case 'unsubscribe.done':
      return state === 'unsubscribing'
        ? { ...moveTo('off'), deviceChanges: expected.deviceChanges + 1 }
        : expected;
    case 'unsubscribe.error':
      return state === 'unsubscribing' ? fail(event.error) : expected;
    default:
      return expected;
  }
}

describe('pushSubscription details', () => {
  it("every effect is the app's to provide, and says so when missing", async () => {
    await expectEffectsToBeProvided(pushSubscriptionMachine, 'the app', {
      actions: ['deviceChanged'],
      actors: ['checkDevice', 'askPermission', 'subscribe', 'unsubscribe'],
    });
  });

  it('asks nothing on load: only a tap starts the permission prompt', async () => {
    const { actor, checkDevice, askPermission } = startToggle();
    await checkDevice.resolve(devices.neverAsked);
    expect(actor.getSnapshot().value).toBe('off');
    expect(askPermission.runs).toHaveLength(0);
    actor.send({ type: 'user.turnOn' });
    expect(askPermission.runs).toHaveLength(1);
  });

  it('a tap while asking or subscribing starts nothing more', async () => {
    const { actor, checkDevice, askPermission, subscribe } = startToggle();
    await checkDevice.resolve(devices.neverAsked);
    actor.send({ type: 'user.turnOn' });
    actor.send({ type: 'user.turnOn' });
    expect(askPermission.runs).toHaveLength(1);
    await askPermission.resolve('granted');
    actor.send({ type: 'user.turnOn' });
    actor.send({ type: 'user.turnOff' });
    expect(subscribe.runs).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe('subscribing');
  });

  it('a failure is remembered in words and forgotten on the next try', async () => {
    const { actor, checkDevice, askPermission, subscribe } = startToggle();
    await checkDevice.resolve(devices.grantedNoSubscription);
    actor.send({ type: 'user.turnOn' });
    await askPermission.resolve('granted');
    await subscribe.reject(new Error(failures.subscribe));
    expect(actor.getSnapshot().context.error).toBe(failures.subscribe);
    actor.send({ type: 'user.turnOn' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('fails loudly when the app forgot to supply an effect', async () => {
    const actor = createActor(pushSubscriptionMachine);
    actor.start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('failed'));
    expect(actor.getSnapshot().context.error).toBe('checkDevice must be provided by the app');
  });
});

describe('failureText', () => {
  it("is an error's message, or the thrown value as text", () => {
    expect(failureText(new Error('Push is not configured'))).toBe('Push is not configured');
    expect(failureText('boom')).toBe('boom');
  });
});
