import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, type ToastMessage, ToastProvider, useToast } from './Toast.tsx';

let show: (message: ToastMessage) => void = () => undefined;
function Capture() {
  show = useToast();
  return null;
}

function renderToasts() {
  render(
    <ToastProvider>
      <Capture />
    </ToastProvider>,
  );
}

beforeAll(async () => {
  // The region is a lazy chunk; compiling it the first time can take longer than findBy waits.
  await import('./ToastRegion.tsx');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts (docs/product.md#spec-9)', () => {
  it('shows one at a time: the newest replaces the one showing, which does not come back', async () => {
    renderToasts();
    act(() => show({ title: 'Shaking is off', description: 'Use the button instead.' }));
    expect(await screen.findByText('Shaking is off')).toBeVisible();
    expect(screen.getByText('Use the button instead.')).toBeVisible();

    act(() => show({ title: 'Location updated' }));
    expect(screen.getByText('Location updated')).toBeVisible();
    expect(screen.queryByText('Shaking is off')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Location updated')).toBeNull();
    expect(screen.queryByText('Shaking is off')).toBeNull();
  });

  it('goes by itself after 5000 ms', async () => {
    renderToasts();
    // The region's chunk loads with the first toast; the clock is faked once it is on screen.
    act(() => show({ title: 'Warm-up' }));
    await screen.findByText('Warm-up');
    vi.useFakeTimers();
    act(() => show({ title: 'Saved' }));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 10));
    expect(screen.getByText('Saved')).toBeVisible();
    act(() => vi.advanceTimersByTime(20));
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('is dismissed by a swipe right of more than 50 px, not by a shorter one', () => {
    renderToasts();
    act(() => show({ title: 'Swipe me' }));
    const toast = screen
      .getByText('Swipe me')
      .closest(
        '[role="alertdialog"], [role="alert"], .react-aria-Toast, div[data-react-aria-toast], div',
      ) as HTMLElement;
    const swipe = (distance: number) => {
      fireEvent.pointerDown(toast, { clientX: 100 });
      fireEvent.pointerMove(toast, { clientX: 100 + distance });
      fireEvent.pointerUp(toast, { clientX: 100 + distance });
    };
    swipe(50);
    expect(screen.getByText('Swipe me')).toBeVisible();
    swipe(-120);
    expect(screen.getByText('Swipe me')).toBeVisible();
    swipe(51);
    expect(screen.queryByText('Swipe me')).toBeNull();
  });

  it('with an action, offers its button and stays past 5000 ms until it is pressed', async () => {
    renderToasts();
    act(() => show({ title: 'Warm-up' }));
    await screen.findByText('Warm-up');
    vi.useFakeTimers();
    const onAction = vi.fn();
    act(() => show({ title: 'A new version is here', action: { label: 'Reload', onAction } }));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS * 3));
    expect(screen.getByText('A new version is here')).toBeVisible();
    expect(onAction).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('A new version is here')).toBeNull();
  });

  it('F8 moves focus to the notifications region', async () => {
    renderToasts();
    act(() => show({ title: 'Look here' }));
    await screen.findByText('Look here');
    fireEvent.keyDown(window, { key: 'F8' });
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toHaveFocus();
  });

  it('throws when used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Capture />)).toThrow('useToast must be used within a ToastProvider');
  });
});
