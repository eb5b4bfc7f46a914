import { useQuery } from '@tanstack/react-query';
import { ZAccountInfo } from '@phjr/contract/auth/account';
import { ZUploadedFile, type UploadedFile } from '@phjr/contract/files/upload';
import { ZGuaranteeOrgsResponse } from '@phjr/contract/guarantee/guarantee-orgs';
import { ZOrgTreeResponse } from '@phjr/contract/orgs/org-admin';
import { ZStaffOrgsResponse } from '@phjr/contract/orgs/staff';
import { ZProductDetail } from '@phjr/contract/products/product';
import { ZProductBanksResponse, ZQueryProductListResponse } from '@phjr/contract/products/supermarket';
import { RequestError, get, handleRequestError, upload } from '../../../lib/request.ts';

/** What the demand screens look up: products, banks and their units, guarantee companies, the own account. */

const STALE = 5 * 60_000;

/** Answers that mean "no such listed product": the form says so instead of a toast. */
function isNotFound(err: unknown): boolean {
  return (
    err instanceof RequestError &&
    ((err.kind === 'business' && /NOT_FOUND|VALIDATION/.test(err.info?.errorCode ?? '')) || (err.kind === 'http' && err.status === 404))
  );
}

/** GET /finance/portal/product/detail.json?id= : the listed product a demand applies for (counts one view). */
export function useDemandProduct(id: number | null) {
  return useQuery({
    queryKey: ['demand-lookups', 'product', id],
    enabled: id !== null,
    queryFn: async ({ signal }) => {
      try {
        return (await get('/finance/portal/product/detail.json', { id }, { schema: ZProductDetail, signal, skipErrorHandler: true })).data;
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

/** GET /finance/portal/product/banks.json: the head offices with listed loans (public). */
export function useProductBanks(enabled = true) {
  return useQuery({
    queryKey: ['demand-lookups', 'banks'],
    enabled,
    queryFn: async ({ signal }) => (await get('/finance/portal/product/banks.json', undefined, { schema: ZProductBanksResponse, signal })).data,
    staleTime: STALE,
  });
}

/** GET /finance/product/queryProductList.json?bankId= : a bank's listed loans, for an optional product. */
export function useBankProducts(bankId: number | null) {
  return useQuery({
    queryKey: ['demand-lookups', 'bank-products', bankId],
    enabled: bankId !== null,
    queryFn: async ({ signal }) => (await get('/finance/product/queryProductList.json', { bankId }, { schema: ZQueryProductListResponse, signal })).data,
    staleTime: STALE,
  });
}

/** GET /finance/guarantee/getGuaranteeFinanceOrgs.json: the active guarantee companies (public). */
export function useGuaranteeOrgs(enabled = true) {
  return useQuery({
    queryKey: ['demand-lookups', 'guarantee-orgs'],
    enabled,
    queryFn: async ({ signal }) => (await get('/finance/guarantee/getGuaranteeFinanceOrgs.json', undefined, { schema: ZGuaranteeOrgsResponse, signal })).data,
    staleTime: STALE,
  });
}

/** GET /finance/org/tree.json?kind=BANK: every bank unit (org:read, the operator). */
export function useBankTree(enabled = true) {
  return useQuery({
    queryKey: ['demand-lookups', 'bank-tree'],
    enabled,
    queryFn: async ({ signal }) => (await get('/finance/org/tree.json', { kind: 'BANK' }, { schema: ZOrgTreeResponse, signal })).data,
    staleTime: STALE,
  });
}

/** GET /finance/org/staff/orgs.json: the own organisation and, for a bank, its branches and sub-branches. */
export function useOwnUnits(enabled = true) {
  return useQuery({
    queryKey: ['demand-lookups', 'own-units'],
    enabled,
    queryFn: async ({ signal }) => (await get('/finance/org/staff/orgs.json', undefined, { schema: ZStaffOrgsResponse, signal })).data,
    staleTime: STALE,
  });
}

/** GET /ssoserver/user/accountInfo.json: the own account (legal representative of an enterprise). */
export function useOwnAccount(enabled = true) {
  return useQuery({
    queryKey: ['demand-lookups', 'account'],
    enabled,
    queryFn: async ({ signal }) => (await get('/ssoserver/user/accountInfo.json', undefined, { schema: ZAccountInfo, signal })).data,
    staleTime: STALE,
  });
}

/** POST /zscms/files/upload.json?visibility=PRIVATE (multipart `file`): an attachment only the applicant and the handlers read. */
export async function uploadAttachment(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await upload('/zscms/files/upload.json?visibility=PRIVATE', form, { schema: ZUploadedFile })).data;
}
