import type { Poll } from '../../../contract/polls.ts';
import type { ToastMessage } from '../../ui/Toast.tsx';
import { shareLink } from '../events/shareLink.ts';
import { i18n } from './laterMessages.ts';

/** The poll's page on this site: what the family opens to vote. */
function pollUrl(id: string, origin: string = window.location.origin): string {
  return `${origin}/poll/${encodeURIComponent(id)}`;
}

/**
 * Sends the link with the device's share sheet when there is one, else copies it and says so
 * (shareLink). A poll only works once the family has its link, so when copying fails too the
 * link is shown in the toast to copy by hand (the spec's "only logged" is about events).
 */
export async function sharePoll(
  poll: Pick<Poll, 'id' | 'title'>,
  tell: (message: ToastMessage) => void,
): Promise<void> {
  const url = pollUrl(poll.id);
  const outcome = await shareLink(
    {
      title: poll.title,
      text: i18n.t('polls.share.text', { title: poll.title }),
      url,
      copiedMessage: i18n.t('polls.share.copied'),
    },
    tell,
  );
  if (outcome === 'failed') tell({ title: i18n.t('polls.share.copyFailed'), description: url });
}
