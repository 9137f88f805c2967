import { layoutProperties } from '../styles/sprinkles.css.ts';

/*
 * The class names Box can render, read when the styles are built from the sprinkles' own atoms
 * (the classes every .css.ts's sprinkles call uses): a screen ships this small table, never
 * sprinkles' runtime with its whole responsive map (about 12 KB of JavaScript, 2 KB gzipped, in
 * every first load). Box's props are these plain layout atoms at every width; responsive values
 * and anything else belong in a .css.ts file, which may call sprinkles freely.
 */

type LayoutStyles = typeof layoutProperties.styles;
/** The properties with values of their own (not the padding shorthands, which map onto them). */
type AtomProperty = {
  [Property in keyof LayoutStyles]: LayoutStyles[Property] extends { values: object }
    ? Property
    : never;
}[keyof LayoutStyles];
type ValuesOf<Property extends AtomProperty> = keyof Extract<
  LayoutStyles[Property],
  { values: object }
>['values'];

/** Each value of one sprinkles property, with the class it sets at every width. */
function atomClasses<Property extends AtomProperty>(
  property: Property,
): Record<ValuesOf<Property>, string> {
  const { values } = layoutProperties.styles[property] as { values: object };
  return Object.fromEntries(
    Object.entries(values).map(([value, atom]) => {
      const { defaultClass } = atom as { defaultClass?: string };
      if (!defaultClass) throw new Error(`sprinkles has no class for ${property}: ${value}`);
      return [value, defaultClass];
    }),
  ) as Record<ValuesOf<Property>, string>;
}

export const boxAtoms = {
  display: atomClasses('display'),
  flexDirection: atomClasses('flexDirection'),
  flexWrap: atomClasses('flexWrap'),
  alignItems: atomClasses('alignItems'),
  justifyContent: atomClasses('justifyContent'),
  gap: atomClasses('gap'),
  marginBottom: atomClasses('marginBottom'),
};
