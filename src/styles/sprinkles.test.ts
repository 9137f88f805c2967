import { describe, expect, it } from 'vitest';
import { sprinkles } from './sprinkles.css.ts';

describe('sprinkles', () => {
  it('turns scale values into one class per property, responsive where asked', () => {
    const single = sprinkles({ display: 'flex' }).split(' ');
    expect(single).toHaveLength(1);
    const responsive = sprinkles({
      display: 'flex',
      gap: { mobile: '2', tablet: '4' },
      paddingX: '4',
    });
    // display + two gap conditions + paddingLeft + paddingRight
    expect(responsive.split(' ')).toHaveLength(5);
  });

  it('refuses values outside the scale', () => {
    // @ts-expect-error: 13px is not on the spacing scale
    expect(() => sprinkles({ gap: '13px' })).toThrow();
  });
});
