import type { Event } from '../../../contract/events.ts';
import { PRODUCT_NAME } from '../../domain/constants.ts';

export const LIST_COPIED_TEXT = 'Saved events copied to clipboard!';

/** An event's shareable page: the server answers it with a link preview (Open Graph). */
export function savedEventUrl(id: string, origin: string = window.location.origin): string {
  return `${origin}/event/${encodeURIComponent(id)}`;
}

/** The list as a message: a line of intro, then each event's title with its link under it. */
export function savedListText(
  events: readonly Pick<Event, 'id' | 'title'>[],
  origin: string = window.location.origin,
): string {
  const lines = events.map((event) => `${event.title}\n${savedEventUrl(event.id, origin)}`);
  return [`Our saved ${PRODUCT_NAME} events:`, ...lines].join('\n\n');
}

/**
 * Share List: the device's share sheet when there is one, else the clipboard and a toast. A share
 * the user cancels is not an error.
 *
 * TODO(lead): the event details branch adds a generic `src/features/events/shareLink.ts`; this
 * is the Saved screen's minimal version, written before that landed. Fold the two together.
 */
export async function shareSavedList(
  events: readonly Pick<Event, 'id' | 'title'>[],
  tell: (message: { title: string; description?: string }) => void,
): Promise<void> {
  const text = savedListText(events);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: 'Saved Events', text });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      // Refused (no user gesture, a policy): fall back to copying.
    }
  }
  try {
    await navigator.clipboard.writeText(text);
    tell({ title: LIST_COPIED_TEXT });
  } catch {
    tell({ title: "We couldn't copy the list.", description: text });
  }
}
