import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sprinkles } from '../styles/sprinkles.css.ts';
import { Box } from './Box.tsx';
import { Inline, Stack } from './Stack.tsx';

/** The classes an element carries, in no particular order. */
function classesOf(element: HTMLElement): string[] {
  return [...element.classList].sort();
}

/** What sprinkles itself gives for the same atoms (the classes the stylesheet styles). */
function sprinklesClasses(atoms: Parameters<typeof sprinkles>[0]): string[] {
  return sprinkles(atoms).split(' ').sort();
}

describe('Box', () => {
  it('lays out with the same atom classes sprinkles gives, keeping its own class and attributes', () => {
    render(
      <Box as="ul" display="flex" gap="2" marginBottom="3" className="mine" aria-label="Atoms">
        <li>One</li>
      </Box>,
    );
    const list = screen.getByRole('list', { name: 'Atoms' });
    expect(list.tagName).toBe('UL');
    expect(classesOf(list)).toEqual(
      [...sprinklesClasses({ display: 'flex', gap: '2', marginBottom: '3' }), 'mine'].sort(),
    );
    // No atom leaks onto the element as an attribute.
    expect(list.getAttribute('display')).toBeNull();
    expect(list.getAttribute('gap')).toBeNull();
  });

  it('gives Stack a column and Inline a wrapping row, spaced from the one scale', () => {
    render(
      <>
        <Stack space="6" data-testid="stack">
          <p>a</p>
        </Stack>
        <Inline justify="space-between" data-testid="inline">
          <p>b</p>
        </Inline>
      </>,
    );
    expect(classesOf(screen.getByTestId('stack'))).toEqual(
      sprinklesClasses({ display: 'flex', flexDirection: 'column', gap: '6' }),
    );
    expect(classesOf(screen.getByTestId('inline'))).toEqual(
      sprinklesClasses({
        display: 'flex',
        flexDirection: 'row',
        flexWrap: 'wrap',
        gap: '2',
        alignItems: 'center',
        justifyContent: 'space-between',
      }),
    );
  });
});
