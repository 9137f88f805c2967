import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './Avatar.tsx';

describe('Avatar', () => {
  it('shows the photo when there is one', () => {
    const { container } = render(<Avatar photoURL="https://example.com/me.jpg" name="Ada" />);
    expect(container.querySelector('img')).toHaveAttribute('src', 'https://example.com/me.jpg');
  });

  it('falls back to the initial when the photo is missing or fails to load', () => {
    const { container, rerender } = render(<Avatar photoURL={null} name="ada@example.com" />);
    expect(screen.getByTestId('avatar')).toHaveTextContent('A');
    rerender(<Avatar photoURL="https://example.com/broken.jpg" name="Grace" />);
    const image = container.querySelector('img');
    if (!image) throw new Error('expected an image');
    fireEvent.error(image);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('avatar')).toHaveTextContent('G');
  });

  it('shows a person icon with neither photo nor name', () => {
    const { container } = render(<Avatar />);
    expect(screen.getByTestId('avatar')).toHaveTextContent('');
    expect(container.querySelector('svg')).toBeInTheDocument();
  });
});
