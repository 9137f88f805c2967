import type { ReactNode } from 'react';
import type { Poll } from '../../../contract/polls.ts';
import { Badge, Button, Inline, LinkButton, useToast } from '../../ui/index.ts';
import { i18n } from './laterMessages.ts';
import { PollResults } from './PollResults.tsx';
import * as styles from './polls.css.ts';
import { sharePoll } from './sharePoll.ts';

/**
 * The home screen's poll card: the latest poll with its votes so far, a link to its page, Share,
 * and the section's Create Poll. Its own chunk (FamilyPollSection loads it with the data): the
 * card sits below the fold, so its bytes need not hold up the first paint of /.
 */
export default function PollCard({ poll, createButton }: { poll: Poll; createButton: ReactNode }) {
  const toast = useToast();
  return (
    <article className={styles.card} aria-labelledby={`poll-${poll.id}-title`}>
      <div>
        <h3 id={`poll-${poll.id}-title`} className={styles.pollTitle}>
          {poll.title}
        </h3>
        <p className={styles.meta}>
          {i18n.t('polls.card.votesSoFar', { count: poll.totalVotes })}
          {poll.closed ? ' · ' : ''}
          {poll.closed ? <Badge tone="neutral">{i18n.t('polls.closedBadge')}</Badge> : null}
        </p>
      </div>
      <PollResults poll={poll} showWinner={poll.closed} />
      <Inline space="2">
        <LinkButton to="/poll/$id" params={{ id: poll.id }} size="sm" iconEnd="chevronRight">
          {poll.closed ? i18n.t('polls.card.seeResult') : i18n.t('polls.card.open')}
        </LinkButton>
        <Button variant="outline" size="sm" onPress={() => void sharePoll(poll, toast)}>
          {i18n.t('polls.share.button')}
        </Button>
        {createButton}
      </Inline>
    </article>
  );
}
