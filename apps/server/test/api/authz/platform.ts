import { SIGNED_IN, type AuthzTable } from './who.ts';

export const PLATFORM: AuthzTable = {
  'POST /finance/system/config/save.json': ['operator'],
  'GET /finance/system/holiday/list.json': ['operator'],
  'POST /finance/system/holiday/save.json': ['operator'],
  'POST /finance/system/holiday/remove.json': ['operator'],
  'GET /finance/message/unreadCount.json': SIGNED_IN,
  'GET /finance/message/page.json': SIGNED_IN,
  'POST /finance/message/read.json': SIGNED_IN,
  'POST /finance/message/readAll.json': SIGNED_IN,
  'GET /finance/audit/page.json': ['operator'],
  'GET /finance/audit/export.json': ['operator'],
};
