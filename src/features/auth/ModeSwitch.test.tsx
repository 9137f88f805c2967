import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type Mode, ModeSwitch } from './ModeSwitch.tsx';

function SignInModes({ isDisabled = false }: { isDisabled?: boolean }) {
  const [mode, setMode] = useState<Mode>('signIn');
  return (
    <>
      <button type="button">Before</button>
      <ModeSwitch mode={mode} onChange={setMode} isDisabled={isDisabled} />
    </>
  );
}

describe('ModeSwitch', () => {
  it('is a radio group with Sign In chosen first', () => {
    render(<SignInModes />);
    const group = screen.getByRole('radiogroup', {
      name: 'Choose between signing in and creating an account',
    });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Sign In' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Create Account' })).not.toBeChecked();
  });

  it('chooses with a press', async () => {
    render(<SignInModes />);
    await userEvent.click(screen.getByRole('radio', { name: 'Create Account' }));
    expect(screen.getByRole('radio', { name: 'Create Account' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Sign In' })).not.toBeChecked();
  });

  it('is one tab stop, on the chosen option, and the arrow keys move and choose', async () => {
    const user = userEvent.setup();
    render(<SignInModes />);
    screen.getByRole('button', { name: 'Before' }).focus();
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Sign In' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    const create = screen.getByRole('radio', { name: 'Create Account' });
    expect(create).toHaveFocus();
    expect(create).toBeChecked();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Sign In' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Sign In' })).toBeChecked();
    await user.keyboard('{ArrowUp}');
    expect(create).toBeChecked();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Before' })).toHaveFocus();
  });

  it('changes nothing while disabled (a sign-in is running)', async () => {
    render(<SignInModes isDisabled />);
    await userEvent.click(screen.getByRole('radio', { name: 'Create Account' }));
    expect(screen.getByRole('radio', { name: 'Sign In' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Create Account' })).toBeDisabled();
  });
});
