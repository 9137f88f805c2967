import type { Event } from '../../../contract/events.ts';
import { PRODUCT_NAME } from '../../domain/constants.ts';
import { eventShareUrl } from '../../domain/eventLinks.ts';
import type { ToastMessage } from '../../ui/Toast.tsx';
import { shareLink } from '../events/shareLink.ts';
import { i18n } from './messages.ts';

/**
 * The copied toast in the language this module loaded in (English in tests, which read it);
 * Share List itself reads it in the language in use when it runs.
 */
export const LIST_COPIED_TEXT = i18n.t('saved.share.copied');

/** The list as a message: a line of intro, then each event's title with its link under it. */
export function savedListText(
  events: readonly Pick<Event, 'id' | 'title'>[],
  origin: string = window.location.origin,
): string {
  const lines = events.map((event) => `${event.title}\n${eventShareUrl(event.id, origin)}`);
  return [i18n.t('saved.share.intro', { product: PRODUCT_NAME }), ...lines].join('\n\n');
}

/**
 * Share List: the share sheet, else the list's text on the clipboard and a toast. When even
 * copying fails, the toast shows the text so it can be copied by hand.
 */
export async function shareSavedList(
  events: readonly Pick<Event, 'id' | 'title'>[],
  tell: (message: ToastMessage) => void,
): Promise<void> {
  const text = savedListText(events);
  const outcome = await shareLink(
    { title: i18n.t('saved.title'), text, copiedMessage: i18n.t('saved.share.copied') },
    tell,
  );
  if (outcome === 'failed') tell({ title: i18n.t('saved.share.failed'), description: text });
}
