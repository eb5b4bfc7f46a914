import { defineOperation } from '../operation.ts';
import { ZProductDetail } from './product.ts';
import {
  ZManageProductPageQuery,
  ZManageProductPageResponse,
  ZProductIdQuery,
  ZProductIdRequest,
  ZRejectProductRequest,
  ZSaveProductRequest,
  ZSaveProductResponse,
} from './manage.ts';
import {
  ZMatchRequest,
  ZMatchResponse,
  ZPortalProductPageQuery,
  ZPortalProductPageResponse,
  ZProductBanksQuery,
  ZProductBanksResponse,
  ZQueryProductListQuery,
  ZQueryProductListResponse,
} from './supermarket.ts';

/** Providers see their subtree's products, the operator every product; both edit (with different rules). */
const backOffice = { anyPermission: ['product:manage', 'product:review'] } as const;
const provider = { permission: 'product:manage' } as const;
const reviewer = { permission: 'product:review' } as const;

/**
 * The financial supermarket's calls (schemas in supermarket.ts and manage.ts): the portal's public reads, the
 * providers' back office and the operator's review. Every write of the back office answers `{ id }`.
 */
export const productOps = {
  // ---- portal (public)
  portalPage: defineOperation({
    method: 'GET',
    path: '/finance/portal/product/page.json',
    auth: 'public',
    query: ZPortalProductPageQuery,
    response: ZPortalProductPageResponse,
  }),
  portalDetail: defineOperation({
    method: 'GET',
    path: '/finance/portal/product/detail.json',
    auth: 'public',
    query: ZProductIdQuery,
    response: ZProductDetail,
  }),
  banks: defineOperation({
    method: 'GET',
    path: '/finance/portal/product/banks.json',
    auth: 'public',
    query: ZProductBanksQuery,
    response: ZProductBanksResponse,
  }),
  match: defineOperation({
    method: 'POST',
    path: '/finance/portal/product/match.json',
    auth: 'public',
    body: ZMatchRequest,
    response: ZMatchResponse,
  }),
  options: defineOperation({
    method: 'GET',
    path: '/finance/product/queryProductList.json',
    auth: 'public',
    query: ZQueryProductListQuery,
    response: ZQueryProductListResponse,
  }),

  // ---- back office
  managePage: defineOperation({
    method: 'GET',
    path: '/finance/product/manage/page.json',
    auth: backOffice,
    query: ZManageProductPageQuery,
    response: ZManageProductPageResponse,
  }),
  manageDetail: defineOperation({
    method: 'GET',
    path: '/finance/product/manage/detail.json',
    auth: backOffice,
    query: ZProductIdQuery,
    response: ZProductDetail,
  }),
  save: defineOperation({
    method: 'POST',
    path: '/finance/product/manage/save.json',
    auth: backOffice,
    body: ZSaveProductRequest,
    response: ZSaveProductResponse,
  }),
  submit: defineOperation({
    method: 'POST',
    path: '/finance/product/manage/submit.json',
    auth: provider,
    body: ZProductIdRequest,
    response: ZSaveProductResponse,
  }),
  withdraw: defineOperation({
    method: 'POST',
    path: '/finance/product/manage/withdraw.json',
    auth: provider,
    body: ZProductIdRequest,
    response: ZSaveProductResponse,
  }),
  delist: defineOperation({
    method: 'POST',
    path: '/finance/product/manage/delist.json',
    auth: provider,
    body: ZProductIdRequest,
    response: ZSaveProductResponse,
  }),
  remove: defineOperation({
    method: 'POST',
    path: '/finance/product/manage/remove.json',
    auth: provider,
    body: ZProductIdRequest,
    response: ZSaveProductResponse,
  }),

  // ---- the operator's review
  approve: defineOperation({
    method: 'POST',
    path: '/finance/product/review/approve.json',
    auth: reviewer,
    body: ZProductIdRequest,
    response: ZSaveProductResponse,
  }),
  reviewDelist: defineOperation({
    method: 'POST',
    path: '/finance/product/review/delist.json',
    auth: reviewer,
    body: ZProductIdRequest,
    response: ZSaveProductResponse,
  }),
  reject: defineOperation({
    method: 'POST',
    path: '/finance/product/review/reject.json',
    auth: reviewer,
    body: ZRejectProductRequest,
    response: ZSaveProductResponse,
  }),
};
