import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TextField } from './TextField.tsx';

function PasswordField() {
  const [value, setValue] = useState('');
  return (
    <TextField label="Password" type="password" revealable value={value} onChange={setValue} />
  );
}

function SearchBox() {
  const [value, setValue] = useState('');
  return <TextField label="Search events" type="search" value={value} onChange={setValue} />;
}

describe('TextField', () => {
  it('a search box with words offers one Clear search button that empties it and keeps the caret', async () => {
    const user = userEvent.setup();
    render(<SearchBox />);
    const input = screen.getByRole('searchbox', { name: 'Search events' });
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
    await user.type(input, 'beach');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
  });

  it('labels its input and reports typing', async () => {
    render(<PasswordField />);
    const input = screen.getByLabelText('Password');
    await userEvent.type(input, 'secret1');
    expect(input).toHaveValue('secret1');
  });

  it('shows and hides a password', async () => {
    render(<PasswordField />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('has no show/hide button unless asked', () => {
    render(<TextField label="Email" type="email" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('keeps a hidden label as the accessible name and shows the placeholder', () => {
    render(
      <TextField
        label="Search events"
        hideLabel
        placeholder="Search events, venues, or activities..."
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Search events' })).toHaveAttribute(
      'placeholder',
      'Search events, venues, or activities...',
    );
  });

  it('describes the field and marks it invalid with its error message', () => {
    render(
      <TextField
        label="Email"
        description="We never share it."
        errorMessage="Enter an email address."
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAccessibleDescription(/We never share it\./);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Enter an email address.')).toBeInTheDocument();
  });
});
