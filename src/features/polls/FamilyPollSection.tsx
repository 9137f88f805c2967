import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { Poll } from '../../../contract/polls.ts';
import { myPollsQueryOptions } from '../../api/polls.ts';
import { Badge, Button, EmptyState, LinkButton, Skeleton, useToast } from '../../ui/index.ts';
import { HomeSection, sectionQuery } from '../home/HomeSection.tsx';
import { PollResults, votesText } from './PollResults.tsx';
import * as styles from './polls.css.ts';
import { sharePoll } from './sharePoll.ts';

// Its own chunk: most visits to home never open it.
const PollDialog = lazy(() => import('./PollDialog.tsx'));

/**
 * SPEC 2 "Home": the family poll card. The signed-in user's latest poll with its votes so far,
 * a way to create one, share it and open its page; an invitation when there is none yet.
 */
export function FamilyPollSection() {
  const latest = useQuery(myPollsQueryOptions(1));
  const [isOpen, setOpen] = useState(false);
  // Mounted from the first open on, so a draft closed half-done is still there next time.
  const [hasOpened, setHasOpened] = useState(false);
  const open = () => {
    setHasOpened(true);
    setOpen(true);
  };
  const createButton = (
    <Button variant="secondary" size="sm" icon="sparkles" onPress={open}>
      Create Poll
    </Button>
  );
  return (
    <>
      <HomeSection
        id="family-poll"
        title="Family Poll"
        what="your polls"
        query={sectionQuery(latest, (data) => data.polls[0] ?? null)}
        placeholder={<Skeleton height={180} radius={16} />}
        empty={
          <EmptyState
            title="No family poll yet"
            text="Can't agree on Saturday? Ask everyone and let the votes decide."
            icon="sparkles"
            action={createButton}
          />
        }
      >
        {(poll) => (poll ? <PollCard poll={poll} createButton={createButton} /> : null)}
      </HomeSection>
      {hasOpened ? (
        <Suspense fallback={null}>
          <PollDialog isOpen={isOpen} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}

function PollCard({ poll, createButton }: { poll: Poll; createButton: React.ReactNode }) {
  const toast = useToast();
  return (
    <article className={styles.card} aria-labelledby={`poll-${poll.id}-title`}>
      <div>
        <h3 id={`poll-${poll.id}-title`} className={styles.pollTitle}>
          {poll.title}
        </h3>
        <p className={styles.meta}>
          {votesText(poll.totalVotes)} so far{poll.closed ? ' · ' : ''}
          {poll.closed ? <Badge tone="neutral">Closed</Badge> : null}
        </p>
      </div>
      <PollResults poll={poll} showWinner={poll.closed} />
      <div className={styles.actions}>
        <LinkButton to="/poll/$id" params={{ id: poll.id }} size="sm" iconEnd="chevronRight">
          {poll.closed ? 'See result' : 'Open poll'}
        </LinkButton>
        <Button variant="outline" size="sm" onPress={() => void sharePoll(poll, toast)}>
          Share
        </Button>
        {createButton}
      </div>
    </article>
  );
}
