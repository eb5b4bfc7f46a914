import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { ZEnumNameParams, ZEnumResponse } from './enums.ts';
import { ZHolidayListQuery, ZHolidayListResponse, ZRemoveHolidayRequest, ZSaveHolidayRequest } from './holidays.ts';
import { ZSaveSettingsRequest } from './save-settings.ts';
import { ZPublicLinks, ZSystemSettings } from './settings.ts';
import { ZSysImagesResponse } from './sys-images.ts';

const configRead = { permission: 'config:read' } as const;
const configManage = { permission: 'config:manage' } as const;

/**
 * The system calls: the portal's public reads (images, enums, external links; the first route and start-up read them
 * without the declaration, see docs/decisions/0017-operations-as-data.md), and the operator's settings and holiday
 * calendar (Platform → configure).
 */
export const systemOps = {
  sysImages: defineOperation({
    method: 'GET',
    path: '/finance/portal/system/sysImageInfo/getAllPcSimpleImages',
    auth: 'public',
    response: ZSysImagesResponse,
  }),
  enumByName: defineOperation({
    method: 'GET',
    path: '/anon/finance/enumMeta/getEnumBySimpleName/:name',
    auth: 'public',
    params: ZEnumNameParams,
    response: ZEnumResponse,
  }),
  links: defineOperation({
    method: 'GET',
    path: '/finance/portal/system/links.json',
    auth: 'public',
    response: ZPublicLinks,
  }),

  settings: defineOperation({
    method: 'GET',
    path: '/finance/system/config/get.json',
    auth: configRead,
    response: ZSystemSettings,
  }),
  saveSettings: defineOperation({
    method: 'POST',
    path: '/finance/system/config/save.json',
    auth: configManage,
    body: ZSaveSettingsRequest,
    response: ZSystemSettings,
  }),
  holidays: defineOperation({
    method: 'GET',
    path: '/finance/system/holiday/list.json',
    auth: configRead,
    query: ZHolidayListQuery,
    response: ZHolidayListResponse,
  }),
  saveHoliday: defineOperation({
    method: 'POST',
    path: '/finance/system/holiday/save.json',
    auth: configManage,
    body: ZSaveHolidayRequest,
    response: z.null(),
  }),
  removeHoliday: defineOperation({
    method: 'POST',
    path: '/finance/system/holiday/remove.json',
    auth: configManage,
    body: ZRemoveHolidayRequest,
    response: z.null(),
  }),
};
