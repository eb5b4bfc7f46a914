import { z } from 'zod';
import { ZIdText } from '../bounds.ts';
import { page, ZPageQuery } from '../envelope.ts';

/** The users import (/operateClient/users/import): template columns, in order. */
export const USER_IMPORT_COLUMNS = [
  { key: 'type', header: '用户类型（个人/企业）', required: true },
  { key: 'name', header: '姓名/企业名称', required: true },
  { key: 'phone', header: '手机号', required: true },
  { key: 'creditCode', header: '统一社会信用代码（企业必填）', required: false },
  { key: 'legalRep', header: '法定代表人（企业）', required: false },
  { key: 'region', header: '所在区县', required: false },
  { key: 'password', header: '初始密码（留空则随机生成）', required: false },
] as const;

/** The query of every import upload (multipart `file`): a dry run checks every row and writes nothing. */
export const ZImportUploadQuery = z.object({ dryRun: z.enum(['true', 'false']).default('false') });

/** The result of one import. */
export const ZImportResult = z.object({
  jobId: z.number().int().nullable(),
  dryRun: z.boolean(),
  total: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  failures: z.array(z.object({ rowNo: z.number().int(), reason: z.string() })),
  /** Generated initial passwords, shown once and never stored in clear. */
  accounts: z.array(z.object({ rowNo: z.number().int(), username: z.string(), password: z.string().nullable() })),
});
export type ImportResult = z.infer<typeof ZImportResult>;

export const ZImportJob = z.object({
  id: z.number().int(),
  kind: z.string(),
  fileName: z.string(),
  total: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  userName: z.string().nullable(),
  createdAt: z.string(),
});
/** GET /finance/user/import/records.json. */
export const ZImportJobPageQuery = ZPageQuery;
export type ImportJob = z.infer<typeof ZImportJob>;
export const ZImportJobPage = page(ZImportJob);
/** GET /finance/user/import/failures.json. */
export const ZImportFailuresQuery = z.object({ jobId: ZIdText });
export const ZImportFailures = z.array(z.object({ rowNo: z.number().int(), data: z.string(), reason: z.string() }));
