/**
 * The offline banner (docs/product.md#spec-4-offline, section 2 shell).
 *
 *   online               --browser.offline [hasCache]-->  offline.withCache
 *   online               --browser.offline-->             offline.withoutCache
 *   offline.*            --browser.online-->              online   (reconnected: refresh cached lists)
 *   offline.withoutCache --cache.changed [hasCache]-->    offline.withCache
 *   offline.withCache    --cache.changed [no cache]-->    offline.withoutCache
 *   (any)                --cache.changed-->               (stays; remembers whether a cache exists)
 *
 * `hasCache` is whether cached events or restaurants exist in local storage (src/api/offlineCache.ts
 * sends `cache.changed` on every write or clear). What the banner says follows from the state
 * alone (`bannerKind`): nothing online, 'withCache' ('Showing previously loaded content'), else
 * 'withoutCache' ('Limited content available without internet'). The words are the shell's
 * (src/features/shell/OfflineBanner.tsx reads them from its catalogue, in the family's language):
 * a machine imports only xstate and contract.
 *
 * The browser's flag at start is not a state of its own: the React edge sends `browser.offline`
 * at once when navigator.onLine is false, so there is one way into each offline state.
 *
 * Pure: `reconnected` (fetch again the lists answered from the cache, or synced over 60 minutes
 * ago) is supplied with `.provide()` by the shell; it throws when missing. Changes made offline
 * are sent by their own syncs (src/app/offlineSync.ts), which run on every signed-in screen, with
 * or without the shell.
 */
import { assign, type SnapshotFrom, setup } from 'xstate';

type OfflineContext = {
  /** Cached events or restaurants exist on this device. */
  hasCache: boolean;
};

export type OfflineEvent =
  | { type: 'browser.offline' }
  | { type: 'browser.online' }
  | { type: 'cache.changed'; hasCache: boolean };

export const offlineMachine = setup({
  // Stryker disable next-line ObjectLiteral: types exist only for TypeScript; nothing reads them.
  types: {
    context: {} as OfflineContext,
    events: {} as OfflineEvent,
    // Optional so the model test (xstate/graph starts machines without input) begins cacheless.
    input: {} as OfflineContext | undefined,
  },
  actions: {
    reconnected: () => {
      throw new Error('reconnected must be provided by the shell');
    },
    rememberCache: assign({
      hasCache: ({ context, event }) =>
        event.type === 'cache.changed' ? event.hasCache : context.hasCache,
    }),
  },
  guards: {
    hasCache: ({ context }) => context.hasCache,
    cacheArrived: ({ event }) => event.type === 'cache.changed' && event.hasCache,
    cacheGone: ({ event }) => event.type === 'cache.changed' && !event.hasCache,
  },
}).createMachine({
  id: 'offline',
  initial: 'online',
  context: ({ input }) => ({ hasCache: input?.hasCache ?? false }),
  on: {
    'cache.changed': { actions: 'rememberCache' },
  },
  states: {
    online: {
      on: {
        'browser.offline': [
          { guard: 'hasCache', target: 'offline.withCache' },
          { target: 'offline.withoutCache' },
        ],
      },
    },
    offline: {
      // Entered only through an explicit child target (the guarded browser.offline above).
      initial: 'withoutCache',
      on: {
        'browser.online': { target: 'online', actions: 'reconnected' },
      },
      states: {
        withCache: {
          on: {
            'cache.changed': [
              { guard: 'cacheGone', target: 'withoutCache', actions: 'rememberCache' },
              // Stryker disable next-line StringLiteral: withCache already holds hasCache true, the only value this branch remembers.
              { actions: 'rememberCache' },
            ],
          },
        },
        withoutCache: {
          on: {
            'cache.changed': [
              { guard: 'cacheArrived', target: 'withCache', actions: 'rememberCache' },
              // Stryker disable next-line StringLiteral: withoutCache already holds hasCache false, the only value this branch remembers.
              { actions: 'rememberCache' },
            ],
          },
        },
      },
    },
  },
});

type OfflineSnapshot = SnapshotFrom<typeof offlineMachine>;

/** Which of the banner's two texts shows in this state. */
export type BannerKind = 'withCache' | 'withoutCache';

/** What the banner says in this state; null when online (no banner). */
export function bannerKind(snapshot: OfflineSnapshot): BannerKind | null {
  if (snapshot.matches({ offline: 'withCache' })) return 'withCache';
  // Stryker disable next-line ObjectLiteral: matches({}) is false online and true offline, the only states that reach this line.
  if (snapshot.matches({ offline: 'withoutCache' })) return 'withoutCache';
  return null;
}
