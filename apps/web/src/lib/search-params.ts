/**
 * The address's query with some keys set and others removed (an empty value removes its key): filters kept in the
 * address so a page can be bookmarked, shared and restored with the back button.
 */
export function withParams(
  prev: URLSearchParams,
  patch: Readonly<Record<string, string | undefined>>,
): URLSearchParams {
  const out = new URLSearchParams(prev);
  for (const [k, v] of Object.entries(patch)) {
    if (v) out.set(k, v);
    else out.delete(k);
  }
  return out;
}
