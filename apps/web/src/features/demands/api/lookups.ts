import { useQuery } from '@tanstack/react-query';
import { accountOps } from '@phjr/contract/auth/account';
import { demandOps } from '@phjr/contract/demands/calls';
import { fileOps, type UploadedFile } from '@phjr/contract/files/upload';
import { guaranteeOps } from '@phjr/contract/guarantee/guarantee-orgs';
import { orgsOps } from '@phjr/contract/orgs/orgs-ops';
import { productOps } from '@phjr/contract/products/product-ops';
import { callOperation } from '../../../lib/operation-client.ts';
import { RequestError, handleRequestError } from '../../../lib/request.ts';

/** What the demand screens look up: products, banks and their units, guarantee companies, the own account. */

const STALE = 5 * 60_000;

/** Answers that mean "no such listed product": the form says so instead of a toast. */
function isNotFound(err: unknown): boolean {
  return (
    err instanceof RequestError &&
    ((err.kind === 'business' && /NOT_FOUND|VALIDATION/.test(err.info?.errorCode ?? '')) ||
      (err.kind === 'http' && err.status === 404))
  );
}

/** The listed product a demand applies for (counts one view). */
export function useDemandProduct(id: number | null) {
  return useQuery({
    queryKey: ['demand-lookups', 'product', id],
    enabled: id !== null,
    queryFn: async ({ signal }) => {
      try {
        return await callOperation(productOps.portalDetail, { query: { id } }, { signal, skipErrorHandler: true });
      } catch (err) {
        if (!isNotFound(err)) await handleRequestError(err);
        throw err;
      }
    },
    retry: (n, err) => !isNotFound(err) && n < 2,
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });
}

/** The head offices with listed loans (public). */
export function useProductBanks(enabled = true) {
  return useQuery({
    queryKey: ['demand-lookups', 'banks'],
    enabled,
    queryFn: ({ signal }) => callOperation(productOps.banks, { query: {} }, { signal }),
    staleTime: STALE,
  });
}

/** A bank's listed loans, for an optional product. */
export function useBankProducts(bankId: number | null) {
  return useQuery({
    queryKey: ['demand-lookups', 'bank-products', bankId],
    enabled: bankId !== null,
    queryFn: ({ signal }) => callOperation(productOps.options, { query: { bankId } }, { signal }),
    staleTime: STALE,
  });
}

/** The active guarantee companies (public). */
export function useGuaranteeOrgs(enabled = true) {
  return useQuery({
    queryKey: ['demand-lookups', 'guarantee-orgs'],
    enabled,
    queryFn: ({ signal }) => callOperation(guaranteeOps.orgs, {}, { signal }),
    staleTime: STALE,
  });
}

/** orgsOps.orgTree of the banks: every bank unit (org:read, the operator). */
export function useBankTree(enabled = true) {
  return useQuery({
    queryKey: ['demand-lookups', 'bank-tree'],
    enabled,
    queryFn: ({ signal }) => callOperation(orgsOps.orgTree, { query: { kind: 'BANK' } }, { signal }),
    staleTime: STALE,
  });
}

/** demandOps.bankUnits: the bank units a demand of the region may be handed or reassigned to, branches included. */
export function useDemandBankUnits(regionCode: string | undefined, enabled = true) {
  return useQuery({
    queryKey: ['demand-lookups', 'bank-units', regionCode ?? null],
    enabled,
    queryFn: ({ signal }) =>
      callOperation(demandOps.bankUnits, { query: regionCode ? { regionCode } : {} }, { signal }),
    staleTime: STALE,
  });
}

/** orgsOps.staffOrgs: the own organisation and, for a bank, its branches and sub-branches. */
export function useOwnUnits(enabled = true) {
  return useQuery({
    queryKey: ['demand-lookups', 'own-units'],
    enabled,
    queryFn: ({ signal }) => callOperation(orgsOps.staffOrgs, {}, { signal }),
    staleTime: STALE,
  });
}

/** The own account (legal representative of an enterprise). */
export function useOwnAccount(enabled = true) {
  return useQuery({
    queryKey: ['demand-lookups', 'account'],
    enabled,
    queryFn: ({ signal }) => callOperation(accountOps.info, {}, { signal }),
    staleTime: STALE,
  });
}

/** fileOps.upload, PRIVATE (multipart `file`): an attachment only the applicant and the handlers read. */
export async function uploadAttachment(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  return callOperation(fileOps.upload, { query: { visibility: 'PRIVATE' }, body: form as never });
}
