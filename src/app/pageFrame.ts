import { ALTERNATE_FRAME } from '../../contract/pageFrame.ts';
import './pageFrame.css.ts';

/*
 * The page frame's hand-off (server/plugins/pageFrames.ts draws the frames). The server sends a
 * page with its frame in #root: header, headings, skeletons and the routing gate's 'Loading...',
 * painted before any script runs. React renders the real app into a container of its own, out
 * of sight; once the gate lets the page through, `reveal` removes the frame and shows the app in
 * the same task, so the two never show at once and nothing on screen moves by itself.
 */

type FrameSession = 'signed-in' | 'signed-out' | 'anyone';

/** Whether a frame was painted: drawn for this kind of visitor (see pageFrame.css.ts). */
export function frameIsShown(frame: HTMLElement, documentElement: HTMLElement): boolean {
  const drawnFor = frame.dataset.frame as FrameSession | undefined;
  if (!drawnFor) return false;
  const session = documentElement.dataset.session === 'signed-in' ? 'signed-in' : 'signed-out';
  return drawnFor === 'anyone' || drawnFor === session;
}

/** Shows the app instead of the frame; nothing once done or when no frame was painted. */
let revealCurrent: () => void = () => undefined;

/** Called when the page is live (the gate's decision, or the boot error screen). */
export function revealApp(): void {
  revealCurrent();
}

/**
 * The container React renders into, beside the frames in `root` (and the second frame after it,
 * the sign-in page's, on a signed-in page: server/plugins/pageFrames.ts); revealApp shows it.
 * The frame that was not painted goes at once. Without a painted frame the app shows at once.
 */
export function mountBesideFrame(root: HTMLElement, doc: Document = document): HTMLElement {
  const container = doc.createElement('div');
  container.id = 'app';
  const frames = [root, ...doc.querySelectorAll<HTMLElement>(`[${ALTERNATE_FRAME}]`)];
  const shown = frames.find((frame) => frameIsShown(frame, doc.documentElement));
  container.hidden = shown !== undefined;
  root.after(container);
  for (const frame of frames) if (frame !== shown) frame.remove();
  revealCurrent = shown
    ? () => {
        revealCurrent = () => undefined;
        shown.remove();
        container.hidden = false;
      }
    : () => undefined;
  return container;
}
