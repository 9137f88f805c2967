import { useQueryClient } from '@tanstack/react-query';
import { createActorContext } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import { fromPromise } from 'xstate';
import type { ClientConfig } from '../../../contract/config.ts';
import type { PushConfig } from '../../../contract/outreach.ts';
import { pushSubscriptionMachine } from '../../../machines/pushSubscription.ts';
import { outreachSettingsQueryKey } from '../../api/outreach.ts';
import { useClientConfig } from '../../app/clientConfig.tsx';
import { inspect } from '../../app/inspector.ts';
import { browserPush, type PushBrowser, pushEffects } from './pushDevice.ts';

/**
 * Profile's push toggle for this device (machines/pushSubscription.ts): the Settings section
 * reads and sends; the provider starts it with its effects, once, when Profile shows it.
 */
export const PushSubscriptionActor = createActorContext(pushSubscriptionMachine);

/**
 * `/api/config`'s push.vapidPublicKey (issue 34). Read leniently: a server from before push, or
 * one whose push is not configured, sends none, and the toggle then says so when tapped instead
 * of the whole app refusing its configuration.
 */
export function vapidPublicKeyOf(config: ClientConfig): string | null {
  const push = (config as ClientConfig & { push?: Partial<PushConfig> | null }).push;
  return typeof push?.vapidPublicKey === 'string' && push.vapidPublicKey !== ''
    ? push.vapidPublicKey
    : null;
}

interface PushSubscriptionProviderProps {
  /** The browser's side; the real one unless a test hands in a device. */
  browser?: PushBrowser;
  children: ReactNode;
}

export function PushSubscriptionProvider({ browser, children }: PushSubscriptionProviderProps) {
  const config = useClientConfig();
  const queryClient = useQueryClient();
  // Provided once (docs/machines/README.md, "How a machine is started").
  const [logic] = useState(() => {
    const effects = pushEffects({
      browser: browser ?? browserPush(),
      vapidPublicKey: () => vapidPublicKeyOf(config),
    });
    return pushSubscriptionMachine.provide({
      actors: {
        checkDevice: fromPromise(effects.checkDevice),
        askPermission: fromPromise(effects.askPermission),
        subscribe: fromPromise(effects.subscribe),
        unsubscribe: fromPromise(effects.unsubscribe),
      },
      actions: {
        deviceChanged: () =>
          void queryClient.invalidateQueries({ queryKey: outreachSettingsQueryKey }),
      },
    });
  });
  return (
    <PushSubscriptionActor.Provider logic={logic} options={{ inspect }}>
      {children}
    </PushSubscriptionActor.Provider>
  );
}
