import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

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

  it('reports a sheet that cannot load when the dialog is opening', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('requestIdleCallback', () => 1);
    const { Modal } = await import('./Dialog.tsx');
    render(
      <Modal title="New family poll" isOpen>
        Pick a day
      </Modal>,
    );
    await vi.waitFor(() =>
      expect(errors).toHaveBeenCalledWith('Could not load the dialog:', expect.any(Error)),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
