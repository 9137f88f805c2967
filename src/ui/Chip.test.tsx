import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Badge } from './Badge.tsx';
import { Card } from './Card.tsx';
import { Chip, ToggleChip } from './Chip.tsx';

describe('Chip', () => {
  it('is a button with its text as the name', async () => {
    const onPress = vi.fn();
    render(
      <Chip icon="mapPin" onPress={onPress}>
        San Francisco, CA
      </Chip>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'San Francisco, CA' }));
    expect(onPress).toHaveBeenCalled();
  });
});

function Today() {
  const [selected, setSelected] = useState(false);
  return (
    <ToggleChip isSelected={selected} onChange={setSelected}>
      Today
    </ToggleChip>
  );
}

describe('ToggleChip', () => {
  it('reports its selection with aria-pressed', async () => {
    render(<Today />);
    const chip = screen.getByRole('button', { name: 'Today' });
    expect(chip).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(chip);
    expect(chip).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('Card and Badge', () => {
  it('render their content in the element asked for', () => {
    render(
      <Card as="article" aria-label="Jazz in the park">
        <Badge tone="family">Family Safe</Badge>
      </Card>,
    );
    expect(screen.getByRole('article', { name: 'Jazz in the park' })).toHaveTextContent(
      'Family Safe',
    );
  });
});
