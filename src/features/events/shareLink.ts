import type { ToastMessage } from '../../ui/Toast.tsx';

interface ShareLinkRequest {
  title: string;
  text: string;
  /**
   * Absolute: it leaves the app (a message, another person's phone). Copied when there is no
   * share sheet; without one (a list of several links) the text is what gets copied.
   */
  url?: string;
  /** The toast after copying, e.g. 'Event link copied to clipboard!' (docs/product.md#spec-8-sharing). */
  copiedMessage: string;
}

/** What happened, for a caller that has more to say than docs/product.md#spec-8's "errors are only logged". */
type ShareOutcome = 'shared' | 'dismissed' | 'copied' | 'failed';

/**
 * Shares a link (docs/product.md#spec-8-sharing): the device's share sheet when there is one, otherwise the
 * link is copied and `tell` says so. Errors are only logged. A dismissed share sheet is the
 * person changing their mind, so it is a warning, not an error. A share the browser refuses
 * (no user gesture, a policy) falls back to copying: the person asked to pass the link on.
 */
export async function shareLink(
  request: ShareLinkRequest,
  tell: (message: ToastMessage) => void,
): Promise<ShareOutcome> {
  const { title, text, url, copiedMessage } = request;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(url === undefined ? { title, text } : { title, text, url });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') {
        console.warn('Share dismissed:', error.message);
        return 'dismissed';
      }
      console.warn('Sharing failed, copying the link instead:', error);
    }
  }
  try {
    await navigator.clipboard.writeText(url ?? text);
  } catch (error) {
    console.error('Error copying the link:', error);
    return 'failed';
  }
  tell({ title: copiedMessage });
  return 'copied';
}
