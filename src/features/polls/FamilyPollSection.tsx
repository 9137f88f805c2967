import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { myPollsQueryOptions } from '../../api/polls.ts';
import { useAuth } from '../../app/auth.tsx';
import { Button, EmptyState, Skeleton } from '../../ui/index.ts';
import { HomeSection, sectionQuery } from '../home/HomeSection.tsx';
import { i18n } from './messages.ts';

// Their own chunks: most visits to home never open the dialog, and the card is below the fold.
const PollDialog = lazy(() => import('./PollDialog.tsx'));
const PollCard = lazy(() => import('./PollCard.tsx'));

const cardPlaceholder = <Skeleton height={180} radius={16} />;

/**
 * docs/product.md#spec-2-home: the family poll card. The signed-in user's latest poll with its votes so far,
 * a way to create one, share it and open its page; an invitation when there is none yet.
 */
export function FamilyPollSection() {
  // The polls API needs an ID token: no request while nobody is signed in (a visitor being sent
  // to /auth, or the moment after a sign-out), which would only earn a 401.
  const signedIn = useAuth().user !== null;
  const latest = useQuery({ ...myPollsQueryOptions(1), enabled: signedIn });
  const [isOpen, setOpen] = useState(false);
  // Mounted from the first open on, so a draft closed half-done is still there next time.
  const [hasOpened, setHasOpened] = useState(false);
  const open = () => {
    setHasOpened(true);
    setOpen(true);
  };
  const createButton = (
    <Button variant="secondary" size="sm" icon="sparkles" onPress={open}>
      {i18n.t('polls.home.create')}
    </Button>
  );
  return (
    <>
      <HomeSection
        id="family-poll"
        title={i18n.t('polls.home.title')}
        what={i18n.t('polls.home.what')}
        query={sectionQuery(latest, (data) => data.polls[0] ?? null)}
        placeholder={cardPlaceholder}
        empty={
          <EmptyState
            title={i18n.t('polls.home.emptyTitle')}
            text={i18n.t('polls.home.emptyText')}
            icon="sparkles"
            action={createButton}
          />
        }
      >
        {(poll) =>
          poll ? (
            <Suspense fallback={cardPlaceholder}>
              <PollCard poll={poll} createButton={createButton} />
            </Suspense>
          ) : null
        }
      </HomeSection>
      {hasOpened ? (
        <Suspense fallback={null}>
          <PollDialog isOpen={isOpen} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
