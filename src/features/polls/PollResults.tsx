import type { Poll } from '../../../contract/polls.ts';
import { Badge, cx, Inline, Stack } from '../../ui/index.ts';
import { bareList } from '../../ui/surfaces.css.ts';
import { i18n } from './laterMessages.ts';
import * as styles from './polls.css.ts';

/** Whole percent of the votes cast; 0 before anyone voted. */
function percentOf(votes: number, total: number): number {
  return total === 0 ? 0 : Math.round((votes / total) * 100);
}

/** The ids of the options with the most votes (several on a tie; none before any vote). */
function winningOptionIds(poll: Pick<Poll, 'options'>): Set<string> {
  const most = Math.max(0, ...poll.options.map((option) => option.votes));
  return new Set(
    most === 0 ? [] : poll.options.filter((option) => option.votes === most).map((o) => o.id),
  );
}

/** One option's bar: its share of the votes, drawn and written out. */
export function VoteBar({
  votes,
  total,
  winner,
}: {
  votes: number;
  total: number;
  winner?: boolean;
}) {
  return (
    <div className={styles.track} aria-hidden="true">
      <div
        className={cx(styles.bar, winner && styles.winnerBar)}
        style={{ width: `${percentOf(votes, total)}%` }}
      />
    </div>
  );
}

/** 'Your vote' beside the option the caller chose. */
export function YourVote({ poll, optionId }: { poll: Pick<Poll, 'myVote'>; optionId: string }) {
  return poll.myVote === optionId ? (
    <>
      {' '}
      <Badge tone="accentSoft">{i18n.t('polls.results.yourVote')}</Badge>
    </>
  ) : null;
}

/** '3 votes · 60%'. */
export function VoteCount({ votes, total }: { votes: number; total: number }) {
  return (
    <span className={styles.count}>
      {i18n.t('polls.results.count', { count: votes, percent: percentOf(votes, total) })}
    </span>
  );
}

/**
 * The options with their counts so far, as text and bars (the home card, and a closed poll's
 * result, where the winning option or options are highlighted).
 */
export function PollResults({ poll, showWinner }: { poll: Poll; showWinner: boolean }) {
  const winners = showWinner ? winningOptionIds(poll) : new Set<string>();
  return (
    <Stack as="ul" space="3" className={bareList}>
      {poll.options.map((option) => {
        const winner = winners.has(option.id);
        return (
          <Stack
            as="li"
            key={option.id}
            space="1"
            className={winner ? styles.winnerRow : undefined}
          >
            <Inline space="2" align="baseline" justify="space-between" wrap={false}>
              <span className={styles.optionText}>
                {option.text}
                {winner ? (
                  <>
                    {' '}
                    <Badge tone="success">{i18n.t('polls.results.winner')}</Badge>
                  </>
                ) : null}
                <YourVote poll={poll} optionId={option.id} />
              </span>
              <VoteCount votes={option.votes} total={poll.totalVotes} />
            </Inline>
            <VoteBar votes={option.votes} total={poll.totalVotes} winner={winner} />
          </Stack>
        );
      })}
    </Stack>
  );
}
