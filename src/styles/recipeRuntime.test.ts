import { createRuntimeFn as libraryRuntimeFn } from '@vanilla-extract/recipes/createRuntimeFn';
import { describe, expect, it } from 'vitest';
import { createRuntimeFn, type RuntimeConfig } from './recipeRuntime.ts';

/*
 * The production build swaps the library's recipe runtime for ours (vite.config.ts); tests and
 * the dev server keep the library's, so each call here is answered by both.
 */

// Shaped like the app's recipes (button.css.ts, surfaces.css.ts): string and boolean variants,
// defaults, several classes in one name, and compound variants over both.
const config: RuntimeConfig = {
  defaultClassName: 'base base2',
  variantClassNames: {
    variant: { primary: 'v-primary', outline: 'v-outline extra', ghost: 'v-ghost' },
    size: { sm: 's-sm', md: 's-md', lg: 's-lg' },
    fullWidth: { true: 'fw-true', false: 'fw-false' },
    level: { 1: 'l-1', 2: 'l-2' },
  },
  defaultVariants: { variant: 'primary', size: 'md', fullWidth: false },
  compoundVariants: [
    [{ variant: 'outline', size: 'sm' }, 'c-outline-sm'],
    [{ fullWidth: 'true', size: 'lg' }, 'c-wide-lg'],
    [{ variant: 'primary' }, 'c-primary'],
  ],
};

const choices = {
  variant: [undefined, null, 'primary', 'outline', 'ghost', 'missing'],
  size: [undefined, 'sm', 'md', 'lg'],
  fullWidth: [undefined, true, false],
  level: [undefined, 1, 2],
} as const;

function* everySelection() {
  for (const variant of choices.variant)
    for (const size of choices.size)
      for (const fullWidth of choices.fullWidth)
        for (const level of choices.level) yield { variant, size, fullWidth, level };
}

describe('the recipe runtime of production builds', () => {
  const ours = createRuntimeFn(config);
  const library = libraryRuntimeFn(config as Parameters<typeof libraryRuntimeFn>[0]);

  it('gives the class names the library gives, for every choice of variants', () => {
    let compared = 0;
    for (const selection of everySelection()) {
      // @ts-expect-error: the library's types only take the recipe's own values.
      expect(ours(selection)).toBe(library(selection));
      compared += 1;
    }
    expect(compared).toBe(6 * 4 * 3 * 3);
    expect(ours()).toBe(library());
    expect(ours()).toBe('base base2 v-primary s-md fw-false c-primary');
    expect(ours({ variant: 'outline', size: 'sm', fullWidth: true })).toBe(
      'base base2 v-outline extra s-sm fw-true c-outline-sm',
    );
  });

  it('throws as the library does for a variant the recipe does not have', () => {
    expect(() => library({ colour: 'red' } as never)).toThrow(TypeError);
    expect(() => ours({ colour: 'red' })).toThrow(TypeError);
  });

  it('lists the variants and the first class of each name, as the library does', () => {
    expect(ours.variants()).toEqual(library.variants());
    expect(ours.classNames.base).toBe('base');
    expect(ours.classNames.variants).toEqual(library.classNames.variants);
  });
});
