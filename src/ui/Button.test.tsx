import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button, IconButton } from './Button.tsx';

describe('Button', () => {
  it('is a button named by its label that reports presses', async () => {
    const onPress = vi.fn();
    render(<Button onPress={onPress}>Save event</Button>);
    await userEvent.click(screen.getByRole('button', { name: 'Save event' }));
    expect(onPress).toHaveBeenCalledTimes(1);
  });

  it('ignores presses while disabled', async () => {
    const onPress = vi.fn();
    render(
      <Button onPress={onPress} isDisabled>
        Set
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Set' });
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(onPress).not.toHaveBeenCalled();
  });

  it('shows a spinner and ignores presses while pending, staying focusable', async () => {
    const onPress = vi.fn();
    render(
      <Button onPress={onPress} isPending>
        Signing in
      </Button>,
    );
    const button = screen.getByRole('button', { name: /Signing in/ });
    expect(screen.getByTestId('spinner')).toBeInTheDocument();
    await userEvent.click(button);
    expect(onPress).not.toHaveBeenCalled();
    expect(button).not.toBeDisabled();
  });

  it('submits its form when type is submit', async () => {
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <Button type="submit">Send</Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});

describe('IconButton', () => {
  it('takes its accessible name from aria-label and hides the badge from the name', async () => {
    const onPress = vi.fn();
    render(
      <IconButton
        icon="bell"
        aria-label="Notifications, 3 new"
        onPress={onPress}
        badge={<span aria-hidden="true">3</span>}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Notifications, 3 new' }));
    expect(onPress).toHaveBeenCalled();
  });
});
