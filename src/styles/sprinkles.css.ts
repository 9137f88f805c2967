import { createSprinkles, defineProperties } from '@vanilla-extract/sprinkles';
import { vars } from './theme.css.ts';

/**
 * Layout atoms for screens: spacing from the one scale, flex alignment, text colours. Anything
 * with states (hover, pressed, selected) belongs in a component's recipe instead.
 */
export const layoutProperties = defineProperties({
  conditions: {
    mobile: {},
    tablet: { '@media': 'screen and (min-width: 640px)' },
    desktop: { '@media': 'screen and (min-width: 1024px)' },
  },
  defaultCondition: 'mobile',
  properties: {
    display: ['none', 'flex', 'inline-flex', 'grid', 'block'],
    flexDirection: ['row', 'column'],
    flexWrap: ['wrap', 'nowrap'],
    alignItems: ['stretch', 'flex-start', 'center', 'flex-end', 'baseline'],
    justifyContent: ['stretch', 'flex-start', 'center', 'flex-end', 'space-between'],
    gap: vars.space,
    paddingTop: vars.space,
    paddingBottom: vars.space,
    paddingLeft: vars.space,
    paddingRight: vars.space,
    marginTop: vars.space,
    marginBottom: vars.space,
    gridTemplateColumns: {
      '1': 'repeat(1, minmax(0, 1fr))',
      '2': 'repeat(2, minmax(0, 1fr))',
      '3': 'repeat(3, minmax(0, 1fr))',
      '4': 'repeat(4, minmax(0, 1fr))',
    },
    textAlign: ['left', 'center', 'right'],
  },
  shorthands: {
    padding: ['paddingTop', 'paddingBottom', 'paddingLeft', 'paddingRight'],
    paddingX: ['paddingLeft', 'paddingRight'],
    paddingY: ['paddingTop', 'paddingBottom'],
  },
});

const textProperties = defineProperties({
  properties: {
    color: {
      text: vars.color.text,
      muted: vars.color.textMuted,
      accent: vars.color.accentText,
      danger: vars.color.danger,
    },
    fontSize: vars.fontSize,
    fontWeight: vars.fontWeight,
  },
});

export const sprinkles = createSprinkles(layoutProperties, textProperties);
export type Sprinkles = Parameters<typeof sprinkles>[0];
