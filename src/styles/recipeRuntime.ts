/*
 * @vanilla-extract/recipes' runtime (`createRuntimeFn`, 0.5.7), which every recipe's compiled
 * module calls in the browser to turn variant choices into class names, written for the
 * browsers this app supports: the library's copy is transpiled for old ones and carries Babel's
 * object-spread helpers (about 0.3 KB gzipped on every first load, issue 36). Production builds
 * resolve the library's module to this one (vite.config.ts); recipeRuntime.test.ts holds it to
 * the library's for every recipe of the app and the edge cases of variants.
 */

type VariantClassNames = Record<string, Record<string, string>>;
type Selections = Record<string, string | boolean | number | null | undefined>;

export interface RuntimeConfig {
  defaultClassName: string;
  variantClassNames: VariantClassNames;
  defaultVariants: Selections;
  compoundVariants: ReadonlyArray<readonly [Selections, string]>;
}

function mapValues<T, R>(input: Record<string, T>, fn: (value: T, key: string) => R) {
  const result: Record<string, R> = {};
  for (const key in input) result[key] = fn(input[key] as T, key);
  return result;
}

export function createRuntimeFn(config: RuntimeConfig) {
  const runtimeFn = (options?: Selections) => {
    let className = config.defaultClassName;
    const selections: Selections = { ...config.defaultVariants, ...options };
    for (const variantName in selections) {
      const selection = selections[variantName] ?? config.defaultVariants[variantName];
      if (selection != null) {
        const key = typeof selection === 'boolean' ? String(selection) : selection;
        // Like the library, a variant the recipe does not have throws (TypeScript stops it first).
        const selectionClassName = (
          config.variantClassNames[variantName] as Record<string, string>
        )[key];
        if (selectionClassName) className += ` ${selectionClassName}`;
      }
    }
    for (const [compoundCheck, compoundClassName] of config.compoundVariants) {
      const applies = Object.keys(compoundCheck).every(
        (key) => compoundCheck[key] === (selections[key] ?? config.defaultVariants[key]),
      );
      if (applies) className += ` ${compoundClassName}`;
    }
    return className;
  };
  runtimeFn.variants = () => Object.keys(config.variantClassNames);
  runtimeFn.classNames = {
    get base() {
      return config.defaultClassName.split(' ')[0];
    },
    get variants() {
      return mapValues(config.variantClassNames, (classNames) =>
        mapValues(classNames, (className) => className.split(' ')[0]),
      );
    },
  };
  return runtimeFn;
}
