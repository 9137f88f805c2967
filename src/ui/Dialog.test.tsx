import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Button } from './Button.tsx';
import { DialogTrigger, Modal } from './Dialog.tsx';

function Example() {
  return (
    <DialogTrigger>
      <Button>Create poll</Button>
      <Modal title="New family poll">
        {(close) => (
          <Button variant="outline" onPress={close}>
            Done
          </Button>
        )}
      </Modal>
    </DialogTrigger>
  );
}

describe('Modal', () => {
  it('opens from its trigger as a dialog named by its title', async () => {
    render(<Example />);
    await userEvent.click(screen.getByRole('button', { name: 'Create poll' }));
    expect(screen.getByRole('dialog', { name: 'New family poll' })).toBeInTheDocument();
  });

  it('closes with its close button and returns focus to the trigger', async () => {
    render(<Example />);
    const trigger = screen.getByRole('button', { name: 'Create poll' });
    await userEvent.click(trigger);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('closes from inside through the render function, and with Escape', async () => {
    render(<Example />);
    await userEvent.click(screen.getByRole('button', { name: 'Create poll' }));
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create poll' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
