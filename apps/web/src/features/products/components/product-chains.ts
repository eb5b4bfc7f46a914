import { MAX_UPLOAD_BYTES } from '@phjr/contract/files/upload';
import type { ChainChoice } from '../api/product-chains.ts';

/** The chain ids of the URL's `industrialChainIds=1,2` (already checked by readFilters), in order, once each. */
export function chainIdsOf(text: string | undefined): number[] {
  if (!text) return [];
  return [...new Set(text.split(',').map(Number))].filter((n) => Number.isSafeInteger(n) && n > 0);
}

/** The URL value for the chosen ids: undefined (the parameter goes) when none. */
export function chainIdsText(ids: readonly number[]): string | undefined {
  return ids.length ? [...new Set(ids)].join(',') : undefined;
}

/**
 * Options of a chain select: the active chains, then any chosen id that is not one of them (an archived chain a
 * product still names, a shared link's old id), labelled by `unknown` so that it can be seen and removed.
 */
export function chainOptions(
  chains: readonly ChainChoice[],
  chosen: readonly number[],
  unknown: (id: number) => string,
) {
  const known = new Set(chains.map((c) => c.id));
  return [
    ...chains.map((c) => ({ value: c.id, label: c.name })),
    ...chosen.filter((id) => !known.has(id)).map((id) => ({ value: id, label: unknown(id) })),
  ];
}

/** What a logo may be: the image types the server publishes for a provider, within the upload limit. */
export const LOGO_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

/** Why a picked file cannot be a logo, before it is sent, or null when it may go. */
export function logoProblem(file: Pick<File, 'type' | 'size'>): 'type' | 'size' | null {
  if (!LOGO_ACCEPT.split(',').includes(file.type)) return 'type';
  if (file.size > MAX_UPLOAD_BYTES) return 'size';
  return null;
}
