import type { Poll } from '../../../contract/polls.ts';

export const LINK_COPIED_TEXT = 'Poll link copied to clipboard!';

/** The poll's page on this site: what the family opens to vote. */
export function pollUrl(id: string, origin: string = window.location.origin): string {
  return `${origin}/poll/${encodeURIComponent(id)}`;
}

/**
 * Sends the link with the device's share sheet when there is one, else copies it and says so.
 * A share the user cancels is not an error. Anything else that fails is reported through
 * `tell`, with the link in the text so it can still be copied by hand.
 */
export async function sharePoll(
  poll: Pick<Poll, 'id' | 'title'>,
  tell: (message: { title: string; description?: string }) => void,
): Promise<void> {
  const url = pollUrl(poll.id);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({
        title: poll.title,
        text: `Vote in our family poll: ${poll.title}`,
        url,
      });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      // Refused (no user gesture, a policy): fall back to copying.
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    tell({ title: LINK_COPIED_TEXT });
  } catch {
    tell({ title: "We couldn't copy the link.", description: url });
  }
}
