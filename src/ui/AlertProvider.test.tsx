import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AlertProvider, useAlert } from './AlertProvider.tsx';

function Raiser({ messages }: { messages: string[] }) {
  const showAlert = useAlert();
  return (
    <button
      type="button"
      onClick={() => {
        for (const message of messages) showAlert(message);
      }}
    >
      raise
    </button>
  );
}

describe('AlertProvider', () => {
  it('shows the exact message in an alertdialog until OK is pressed', async () => {
    render(
      <AlertProvider>
        <Raiser messages={['Sign-out failed. Please try again.']} />
      </AlertProvider>,
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'raise' }));
    // The dialog's code loads with the first alert.
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Sign-out failed. Please try again.',
    });
    expect(dialog).toHaveTextContent('Sign-out failed. Please try again.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('shows one alert at a time, in order', async () => {
    render(
      <AlertProvider>
        <Raiser
          messages={[
            'Apple authentication coming soon! For now, please use Google sign-in.',
            'Instagram authentication coming soon! For now, please use Google sign-in.',
          ]}
        />
      </AlertProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'raise' }));
    await screen.findByRole('alertdialog');
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    expect(screen.getByRole('alertdialog')).toHaveTextContent(/^Apple authentication coming soon!/);
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent(
      /^Instagram authentication coming soon!/,
    );
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('is dismissed with Escape like a native alert', async () => {
    render(
      <AlertProvider>
        <Raiser messages={['Event link copied to clipboard!']} />
      </AlertProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'raise' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('throws outside its provider', () => {
    const quiet = console.error;
    console.error = () => {};
    try {
      expect(() => render(<Raiser messages={[]} />)).toThrow(
        'useAlert must be used inside <AlertProvider>',
      );
    } finally {
      console.error = quiet;
    }
  });
});
