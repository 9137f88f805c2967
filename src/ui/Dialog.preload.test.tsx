import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A screen that opens the dialog at once and closes it as the dialog asks. */
function Opener({ Modal }: { Modal: typeof import('./Dialog.tsx')['Modal'] }) {
  const [isOpen, setOpen] = useState(true);
  return (
    <>
      <p>{isOpen ? 'open' : 'closed'}</p>
      <Modal title="New family poll" isOpen={isOpen} onOpenChange={setOpen}>
        Pick a day
      </Modal>
    </>
  );
}

// The sheet's code is fetched ahead of need when the browser is idle. Offline (or on a dropped
// connection) that fetch fails: the failure must stay quiet, and the first opening asks again.
describe('Modal, its sheet fetched ahead of need', () => {
  let failSheet = true;

  beforeEach(() => {
    failSheet = true;
    vi.resetModules();
    vi.doMock('./ModalSheet.tsx', async (importOriginal) => {
      if (failSheet) throw new TypeError('Failed to fetch dynamically imported module');
      return importOriginal();
    });
    vi.stubGlobal('requestIdleCallback', (run: () => void) => {
      queueMicrotask(run);
      return 1;
    });
    vi.stubGlobal('cancelIdleCallback', () => undefined);
  });

  afterEach(() => {
    vi.doUnmock('./ModalSheet.tsx');
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('says nothing when the idle fetch fails, and loads the sheet when the dialog opens', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { Modal } = await import('./Dialog.tsx');
    const { rerender } = render(
      <Modal title="New family poll" isOpen={false}>
        Pick a day
      </Modal>,
    );
    // Let the idle fetch run and fail.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(errors).not.toHaveBeenCalled();

    failSheet = false;
    vi.resetModules();
    rerender(
      <Modal title="New family poll" isOpen>
        Pick a day
      </Modal>,
    );
    expect(await screen.findByRole('dialog', { name: 'New family poll' })).toBeInTheDocument();
    expect(errors).not.toHaveBeenCalled();
  });

  it('reports and tells the person when the dialog cannot open, and opens it on Try again once it can', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('requestIdleCallback', () => 1);
    const { Modal } = await import('./Dialog.tsx');
    render(
      <Modal title="New family poll" isOpen>
        Pick a day
      </Modal>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      "We couldn't open “New family poll”. It needs a connection the first time it opens: try again once you're online.",
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(errors).toHaveBeenCalledWith('Could not load the dialog:', expect.any(Error));

    failSheet = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('dialog', { name: 'New family poll' })).toHaveTextContent(
      'Pick a day',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('closes the notice with Close, as closing the dialog would', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('requestIdleCallback', () => 1);
    const { Modal } = await import('./Dialog.tsx');
    const { unmount } = render(<Opener Modal={Modal} />);
    await screen.findByRole('alert');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('closed')).toBeInTheDocument();
    // Unmounted while the idle callbacks are still stubbed (afterEach removes them).
    unmount();
  });
});
