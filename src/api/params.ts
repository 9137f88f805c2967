/** What a query-string parameter of the API can hold. */
type ParamValue = string | number | boolean | null | undefined;

/** Only the parameters that are set, as they will be sent. */
type SetParams<Params> = { [Name in keyof Params]?: Exclude<Params[Name], null | ''> };

/**
 * docs/product.md#spec-5-search-request: a parameter is sent only when set, and undefined, null and '' are
 * not set. The result holds exactly what goes on the wire, names sorted, and is what the query
 * key holds too: two calls that send the same request share a cache entry, and any parameter
 * that changes the request changes the key.
 */
export function setParams<Params extends { [Name in keyof Params]: ParamValue }>(
  params: Params,
): SetParams<Params> {
  const names = (Object.keys(params) as (keyof Params & string)[]).sort();
  const set: SetParams<Params> = {};
  for (const name of names) {
    const value = params[name];
    if (value !== undefined && value !== null && value !== '') {
      set[name] = value as Exclude<Params[typeof name], null | ''>;
    }
  }
  return set;
}

/** The query string of set parameters, in name order. */
export function searchParamsOf(params: { [name: string]: ParamValue }): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(setParams(params))) {
    search.append(name, String(value));
  }
  return search;
}

/**
 * Family mode filters only when on: the API reads `familyMode=false` and no parameter alike (all
 * events), so only `true` is sent (docs/product.md#spec-7: "familyMode=true (when family mode on)") and the two
 * spellings of "off" share one cache entry.
 */
export function familyFilter(familyMode: boolean | undefined): true | undefined {
  return familyMode === true ? true : undefined;
}

/**
 * The `ages` filter as sent: the family-group ids comma-joined in a fixed order, so the same
 * choice is one request and one cache entry however it was picked; nothing when none chosen.
 */
export function agesFilter(ages: readonly string[] | undefined): string | undefined {
  if (!ages || ages.length === 0) return undefined;
  return [...new Set(ages)].sort().join(',');
}
