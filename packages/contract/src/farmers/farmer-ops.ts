import { z } from 'zod';
import { defineOperation, type OperationAuth } from '../operation.ts';
import {
  ZFarmerDetail,
  ZFarmerFailRecord,
  ZFarmerFailRecordPage,
  ZFarmerFailRecordPageQuery,
  ZFarmerFilter,
  ZFarmerFunnel,
  ZFarmerFunnelQuery,
  ZFarmerIdQuery,
  ZFarmerImportQuery,
  ZFarmerImportRecordIdQuery,
  ZFarmerImportRecordPage,
  ZFarmerImportResult,
  ZFarmerPage,
  ZFarmerPageQuery,
  ZFarmerRegisterAgainRequest,
  ZFarmerSensitive,
  ZFarmerSensitiveRequest,
  ZPortalFigures,
  ZPortalFiguresQuery,
  ZVillage,
  ZVillagesQuery,
} from './farmer.ts';
import { ZPageQuery } from '../envelope.ts';

/**
 * Who calls what (docs/farmers.md). Reads are scoped by the server: the operator and a city-level supervisor see every
 * district, a district supervisor its own; out of scope is NOT_FOUND. The portal reads aggregates only.
 */
const read: OperationAuth = { permission: 'farmer:read' };
const importer: OperationAuth = { permission: 'farmer:import' };
const sensitive: OperationAuth = { permission: 'farmer:sensitive' };

const P = '/finance/farmer';

export const farmerOps = {
  // The portal (public, aggregates and village names only)
  villages: defineOperation({
    method: 'GET',
    path: `${P}/portal/villages.json`,
    auth: 'public',
    query: ZVillagesQuery,
    response: z.array(ZVillage),
  }),
  portalFigures: defineOperation({
    method: 'GET',
    path: `${P}/portal/figures.json`,
    auth: 'public',
    query: ZPortalFiguresQuery,
    response: ZPortalFigures,
  }),

  // Records (masked) and the one unmasked read
  page: defineOperation({
    method: 'GET',
    path: `${P}/page.json`,
    auth: read,
    query: ZFarmerPageQuery,
    response: ZFarmerPage,
  }),
  exportFile: defineOperation({
    method: 'GET',
    path: `${P}/export.json`,
    auth: read,
    query: ZFarmerFilter,
    response: z.null(),
    answers: 'file',
  }),
  detail: defineOperation({
    method: 'GET',
    path: `${P}/detail.json`,
    auth: read,
    query: ZFarmerIdQuery,
    response: ZFarmerDetail,
  }),
  sensitive: defineOperation({
    method: 'POST',
    path: `${P}/sensitive.json`,
    auth: sensitive,
    body: ZFarmerSensitiveRequest,
    response: ZFarmerSensitive,
  }),
  funnel: defineOperation({
    method: 'GET',
    path: `${P}/funnel.json`,
    auth: read,
    query: ZFarmerFunnelQuery,
    response: ZFarmerFunnel,
  }),

  // The import, its records and failed rows
  importTemplate: defineOperation({
    method: 'GET',
    path: `${P}/import/template.json`,
    auth: importer,
    response: z.null(),
    answers: 'file',
  }),
  importFarmers: defineOperation({
    method: 'POST',
    path: `${P}/import.json`,
    auth: importer,
    encoding: 'multipart',
    query: ZFarmerImportQuery,
    response: ZFarmerImportResult,
  }),
  importRecords: defineOperation({
    method: 'GET',
    path: `${P}/import/records.json`,
    auth: importer,
    query: ZPageQuery,
    response: ZFarmerImportRecordPage,
  }),
  failRecords: defineOperation({
    method: 'GET',
    path: `${P}/import/failRecord/page.json`,
    auth: importer,
    query: ZFarmerFailRecordPageQuery,
    response: ZFarmerFailRecordPage,
  }),
  failRecordsFile: defineOperation({
    method: 'GET',
    path: `${P}/import/failRecord/download.json`,
    auth: importer,
    query: ZFarmerImportRecordIdQuery,
    response: z.null(),
    answers: 'file',
  }),
  registerAgain: defineOperation({
    method: 'POST',
    path: `${P}/import/failRecord/registerAgain.json`,
    auth: importer,
    body: ZFarmerRegisterAgainRequest,
    response: ZFarmerFailRecord,
  }),
};
