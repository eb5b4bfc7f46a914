/** Empty strings of optional inputs go to the server as null. */
export function orNull(v: string | undefined | null): string | null {
  const s = (v ?? '').trim();
  return s ? s : null;
}
