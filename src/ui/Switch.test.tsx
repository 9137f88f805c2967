import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Switch } from './Switch.tsx';

function Controlled() {
  const [on, setOn] = useState(true);
  return (
    <Switch isSelected={on} onChange={setOn} description="Show only family-friendly events">
      Family Mode
    </Switch>
  );
}

describe('Switch', () => {
  it('is a switch named by its label that toggles on click and Space', async () => {
    render(<Controlled />);
    const toggle = screen.getByRole('switch', { name: 'Family Mode' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    expect(toggle).not.toBeChecked();
    toggle.focus();
    await userEvent.keyboard(' ');
    expect(toggle).toBeChecked();
  });

  it('carries its description', () => {
    render(<Controlled />);
    expect(screen.getByRole('switch')).toHaveAccessibleDescription(
      'Show only family-friendly events',
    );
  });
});
