/** Empty optional inputs go to the server as null. */
export function orNull(s?: string | null): string | null {
  return s?.trim() ? s.trim() : null;
}
