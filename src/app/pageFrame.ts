import './pageFrame.css.ts';

/*
 * The page frame's hand-off (server/plugins/pageFrames.ts draws the frames). The server sends a
 * page with its frame in #root: header, headings, skeletons and the routing gate's 'Loading...',
 * painted before any script runs. React renders the real app into a container of its own, out
 * of sight; once the gate lets the page through, `reveal` removes the frame and shows the app in
 * the same task, so the two never show at once and nothing on screen moves by itself.
 */

type FrameSession = 'signed-in' | 'signed-out' | 'anyone';

/** Whether the frame in `root` was painted: drawn for this kind of visitor (see pageFrame.css.ts). */
export function frameIsShown(root: HTMLElement, documentElement: HTMLElement): boolean {
  const drawnFor = root.dataset.frame as FrameSession | undefined;
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
 * The container React renders into, beside the frame in `root`; revealApp shows it. Without a
 * painted frame the app shows at once, and the unused frame markup goes.
 */
export function mountBesideFrame(root: HTMLElement, doc: Document = document): HTMLElement {
  const container = doc.createElement('div');
  container.id = 'app';
  const shown = frameIsShown(root, doc.documentElement);
  container.hidden = shown;
  root.after(container);
  if (!shown) root.remove();
  revealCurrent = shown
    ? () => {
        revealCurrent = () => undefined;
        root.remove();
        container.hidden = false;
      }
    : () => undefined;
  return container;
}
