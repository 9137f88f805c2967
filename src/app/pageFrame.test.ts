import { afterEach, describe, expect, it } from 'vitest';
import { frameIsShown, mountBesideFrame, revealApp } from './pageFrame.ts';

/** A page as the server sends it: #root with a frame drawn for `drawnFor`, or empty. */
function servedPage(drawnFor: string | null, session: 'signed-in' | null): HTMLElement {
  document.body.innerHTML = '';
  if (session) document.documentElement.dataset.session = session;
  else delete document.documentElement.dataset.session;
  const root = document.createElement('div');
  root.id = 'root';
  if (drawnFor) {
    root.dataset.frame = drawnFor;
    root.innerHTML = '<main><h1>What should we do today?</h1></main>';
  }
  document.body.append(root);
  return root;
}

afterEach(() => {
  document.body.innerHTML = '';
  delete document.documentElement.dataset.session;
});

describe('frameIsShown', () => {
  it('paints a signed-in page frame only on a device that was signed in', () => {
    expect(frameIsShown(servedPage('signed-in', 'signed-in'), document.documentElement)).toBe(true);
    expect(frameIsShown(servedPage('signed-in', null), document.documentElement)).toBe(false);
  });

  it('paints the sign-in frame only for a device that was not', () => {
    expect(frameIsShown(servedPage('signed-out', null), document.documentElement)).toBe(true);
    expect(frameIsShown(servedPage('signed-out', 'signed-in'), document.documentElement)).toBe(
      false,
    );
  });

  it('paints a frame for anyone (legal pages) either way, and nothing without a frame', () => {
    expect(frameIsShown(servedPage('anyone', null), document.documentElement)).toBe(true);
    expect(frameIsShown(servedPage('anyone', 'signed-in'), document.documentElement)).toBe(true);
    expect(frameIsShown(servedPage(null, 'signed-in'), document.documentElement)).toBe(false);
  });
});

describe('mountBesideFrame', () => {
  it('keeps a painted frame on screen and the app hidden until the page is revealed', () => {
    const root = servedPage('signed-in', 'signed-in');
    const container = mountBesideFrame(root);
    expect(container.id).toBe('app');
    expect(container.hidden).toBe(true);
    expect(document.body.textContent).toContain('What should we do today?');

    revealApp();
    expect(document.getElementById('root')).toBeNull();
    expect(container.hidden).toBe(false);
    expect(container.isConnected).toBe(true);
    // A second decision (a later navigation) changes nothing.
    revealApp();
    expect(container.hidden).toBe(false);
  });

  it('shows the app at once, without the frame, when the frame was not painted', () => {
    const root = servedPage('signed-in', null);
    const container = mountBesideFrame(root);
    expect(container.hidden).toBe(false);
    expect(container.isConnected).toBe(true);
    expect(document.getElementById('root')).toBeNull();
    expect(document.body.textContent).not.toContain('What should we do today?');
  });

  it('keeps the sign-in frame a signed-in page carries for a device that was not signed in', () => {
    const root = servedPage('signed-in', null);
    const signInFrame = document.createElement('div');
    signInFrame.setAttribute('data-alternate-frame', '');
    signInFrame.dataset.frame = 'signed-out';
    signInFrame.innerHTML = '<main><h1>Welcome to FamJam</h1></main>';
    root.after(signInFrame);

    const container = mountBesideFrame(root);
    expect(container.hidden).toBe(true);
    expect(document.getElementById('root')).toBeNull();
    expect(document.body.textContent).toBe('Welcome to FamJam');

    revealApp();
    expect(signInFrame.isConnected).toBe(false);
    expect(container.hidden).toBe(false);
  });

  it('drops the sign-in frame of a signed-in page on a device that was signed in', () => {
    const root = servedPage('signed-in', 'signed-in');
    const signInFrame = document.createElement('div');
    signInFrame.setAttribute('data-alternate-frame', '');
    signInFrame.dataset.frame = 'signed-out';
    root.after(signInFrame);

    const container = mountBesideFrame(root);
    expect(signInFrame.isConnected).toBe(false);
    expect(container.hidden).toBe(true);
    expect(document.body.textContent).toContain('What should we do today?');
  });

  it('shows the app at once for the plain shell (no frame)', () => {
    const container = mountBesideFrame(servedPage(null, null));
    expect(container.hidden).toBe(false);
    expect(container.isConnected).toBe(true);
  });
});
