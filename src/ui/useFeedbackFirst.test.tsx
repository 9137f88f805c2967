import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToggleChip } from './index.ts';
import { useFeedbackFirst } from './useFeedbackFirst.ts';

/** A chip whose filter is applied elsewhere (`applied`), as home's date chips and Search's are. */
function FilterChip({ onApply }: { onApply: (on: boolean) => void }) {
  const [applied, setApplied] = useState(false);
  const [shown, change] = useFeedbackFirst(applied, (on: boolean) => {
    onApply(on);
    setApplied(on);
  });
  return (
    <>
      <ToggleChip isSelected={shown} onChange={change}>
        Today
      </ToggleChip>
      <p>{applied ? 'Showing today' : 'Showing every day'}</p>
    </>
  );
}

// The browser's frames, run by hand: each test says when the next frame is painted.
let frames: FrameRequestCallback[] = [];
function paintFrame() {
  const due = frames;
  frames = [];
  for (const callback of due) callback(performance.now());
}

describe('useFeedbackFirst', () => {
  // Replaced and put back by hand: the files after this one (same worker) need jsdom's own
  // requestAnimationFrame, which react-aria calls, and a stubbed global is not restored to it.
  const jsdomFrame = globalThis.requestAnimationFrame;
  beforeEach(() => {
    frames = [];
    globalThis.requestAnimationFrame = (callback) => {
      frames.push(callback);
      return frames.length;
    };
  });
  afterEach(() => {
    globalThis.requestAnimationFrame = jsdomFrame;
    vi.useRealTimers();
  });

  it('shows the pressed chip at once and applies the filter only after that frame is painted', async () => {
    const onApply = vi.fn();
    render(<FilterChip onApply={onApply} />);
    await userEvent.click(screen.getByRole('button', { name: 'Today' }));

    expect(screen.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Showing every day')).toBeVisible();
    expect(onApply).not.toHaveBeenCalled();

    vi.useFakeTimers();
    paintFrame();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(onApply).toHaveBeenCalledExactlyOnceWith(true);
    expect(screen.getByText('Showing today')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('applies only the last of several quick taps', async () => {
    const onApply = vi.fn();
    render(<FilterChip onApply={onApply} />);
    const chip = screen.getByRole('button', { name: 'Today' });
    await userEvent.click(chip);
    await userEvent.click(chip);
    await userEvent.click(chip);
    expect(chip).toHaveAttribute('aria-pressed', 'true');

    vi.useFakeTimers();
    paintFrame();
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(onApply).toHaveBeenCalledExactlyOnceWith(true);
    expect(screen.getByText('Showing today')).toBeVisible();
  });

  it('applies the change even when no frame comes (a hidden tab paints none)', async () => {
    const onApply = vi.fn();
    render(<FilterChip onApply={onApply} />);
    vi.useFakeTimers();
    act(() => screen.getByRole('button', { name: 'Today' }).click());
    expect(onApply).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(onApply).toHaveBeenCalledExactlyOnceWith(true);
    expect(screen.getByText('Showing today')).toBeVisible();
  });

  it('applies the change when the page is left before the next frame', async () => {
    const onApply = vi.fn();
    render(<FilterChip onApply={onApply} />);
    await userEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(onApply).not.toHaveBeenCalled();
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(onApply).toHaveBeenCalledExactlyOnceWith(true);
    // The frame that comes later applies nothing twice.
    paintFrame();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(onApply).toHaveBeenCalledTimes(1);
  });
});
