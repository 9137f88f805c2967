/**
 * A read-only Map from an object literal, for tables looked up by text from a request or an
 * imported file. A plain object would answer 'constructor', 'toString' or '__proto__' with a
 * member of Object.prototype (a 500, or a function stored as a time zone); a Map knows only
 * the keys written here.
 */
export function lookupTable<Value>(entries: Record<string, Value>): ReadonlyMap<string, Value> {
  return new Map(Object.entries(entries));
}
