import { useQuery } from '@tanstack/react-query';
import { chainOps } from '@phjr/contract/chains/chain-ops';
import { fileOps, type UploadedFile } from '@phjr/contract/files/upload';
import { callOperation } from '../../../lib/operation-client.ts';

/** A chain a product may be tied to, or filtered by. */
export interface ChainChoice {
  id: number;
  name: string;
}

/**
 * The active chains (chainOps.portalList, public): the options of the product form's chain field and of the
 * supermarket's chain filter. Any active chain may be tied to a product (PRODUCT.md 5 and 7; the operator reviews it).
 */
export function useActiveChains() {
  return useQuery({
    queryKey: ['portal', 'product-chains'],
    queryFn: async ({ signal }): Promise<ChainChoice[]> =>
      (await callOperation(chainOps.portalList, {}, { signal })).map((c) => ({ id: c.id, name: c.name })),
    staleTime: 5 * 60_000,
  });
}

/** Uploads a product's logo: a PUBLIC image (a provider may publish images only; the server checks the content). */
export function uploadProductLogo(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  // A multipart operation declares no body schema (the server streams the file): the form goes as it is.
  return callOperation(fileOps.upload, { query: { visibility: 'PUBLIC' }, body: form as never });
}
