import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { shakeMachine } from '../../../machines/shake.ts';
import { useAppState } from '../../app/appState.tsx';
import { inspect } from '../../app/inspector.ts';
import { homeDateFilter, rememberHomeFilters, validateHomeSearch } from '../../app/searchParams.ts';
import type { HomeDateFilter } from '../../domain/dateFilter.ts';
import { HomeScreen } from '../../features/home/HomeScreen.tsx';
import { ShakeActor } from '../../features/home/shakeActor.ts';

export const Route = createFileRoute('/_shell/')({
  // `?shake=true` and the date filter (`?date=`, `?day=`) are typed and validated here.
  validateSearch: validateHomeSearch,
  component: HomeRoute,
});

function HomeRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/' });
  // What the bottom navigation's Home comes back to (src/features/shell/BottomNav.tsx).
  useEffect(() => rememberHomeFilters(search), [search]);
  const setDateFilter = (filter: HomeDateFilter) =>
    void navigate({
      search: (previous) => ({
        ...previous,
        date: filter.kind === 'word' ? filter.word : undefined,
        day: filter.kind === 'calendar' ? filter.day : undefined,
      }),
      replace: true,
    });
  const setFitsMyFamily = (on: boolean) =>
    void navigate({
      search: (previous) => ({ ...previous, fits: on ? true : undefined }),
      replace: true,
    });
  return (
    <ShakeProvider>
      <AutoShake requested={search.shake === true} />
      <HomeScreen
        dateFilter={homeDateFilter(search)}
        onDateFilterChange={setDateFilter}
        fitsMyFamily={search.fits === true}
        onFitsMyFamilyChange={setFitsMyFamily}
      />
    </ShakeProvider>
  );
}

/** The shake chart with its one effect supplied: Let's Go stores the pick and opens it. */
function ShakeProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const setSelectedEvent = useAppState((state) => state.setSelectedEvent);
  // Provided once, when home mounts: the provider starts its actor from the first logic it is
  // given (a .provide() per render was thrown away). navigate and the store's setter are stable.
  const [logic] = useState(() =>
    shakeMachine.provide({
      actions: {
        openEvent: (_, { event }) => {
          setSelectedEvent(event);
          void navigate({ to: '/event-detail' });
        },
      },
    }),
  );
  return (
    <ShakeActor.Provider logic={logic} options={{ inspect }}>
      {children}
    </ShakeActor.Provider>
  );
}

/** `/?shake=true` (onboarding's 'Shake to Discover'): shake once, then drop the query. */
function AutoShake({ requested }: { requested: boolean }) {
  const shake = ShakeActor.useActorRef();
  const navigate = useNavigate({ from: '/' });
  const done = useRef(false);
  useEffect(() => {
    if (!requested || done.current) return;
    done.current = true;
    shake.send({ type: 'route.autoShake' });
    void navigate({ search: (previous) => ({ ...previous, shake: undefined }), replace: true });
  }, [requested, shake, navigate]);
  return null;
}
