import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './Button.tsx';
import { Modal } from './Dialog.tsx';

function Example() {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button onPress={() => setOpen(true)}>Create poll</Button>
      <Modal title="New family poll" isOpen={isOpen} onOpenChange={setOpen}>
        {(close) => (
          <Button variant="outline" onPress={close}>
            Done
          </Button>
        )}
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('opens from its trigger as a dialog named by its title', async () => {
    render(<Example />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create poll' }));
    // Its code loads with the first open.
    expect(await screen.findByRole('dialog', { name: 'New family poll' })).toBeInTheDocument();
  });

  it('closes with its close button and returns focus to the trigger', async () => {
    render(<Example />);
    const trigger = screen.getByRole('button', { name: 'Create poll' });
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('closes from inside through the render function, and with Escape', async () => {
    render(<Example />);
    await userEvent.click(screen.getByRole('button', { name: 'Create poll' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create poll' }));
    await screen.findByRole('dialog', { name: 'New family poll' });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
