import type { Readable } from 'node:stream';
import { isValidCreditCode } from '@phjr/contract/orgs/credit-code';
import { passwordProblem } from '@phjr/contract/auth/password-policy';
import { PHONE_RE } from '@phjr/contract/auth/sms';
import { USER_IMPORT_COLUMNS, type ImportResult } from '@phjr/contract/orgs/user-import';
import type { Db } from '../../db/client.ts';
import { hashPassword } from '../../lib/password.ts';
import { runImport, templateWorkbook, type ImportSpec } from '../imports/xlsx-import.ts';
import { writeAudit } from '../audit/audit.ts';
import { listRegions } from './orgs.repo.ts';
import * as repo from './orgs-admin.repo.ts';
import { randomPassword, type Actor } from './orgs-admin.service.ts';

export const USER_IMPORT_KIND = 'USERS';

interface UserImportRow {
  accountType: 'PERSON' | 'ENTERPRISE';
  name: string;
  phone: string;
  creditCode: string | null;
  legalRep: string | null;
  regionCode: string | null;
  password: string | null;
}

const TYPES: Record<string, UserImportRow['accountType']> = {
  个人: 'PERSON',
  PERSON: 'PERSON',
  企业: 'ENTERPRISE',
  ENTERPRISE: 'ENTERPRISE',
};

/** The operator's users import: persons and enterprises; the phone number is the login name. */
export function userImportSpec(
  regions: { code: string; name: string }[],
): ImportSpec<UserImportRow, { rowNo: number; username: string; password: string | null }[]> {
  const regionOf = (s: string) => regions.find((r) => r.code === s || r.name === s)?.code ?? null;
  return {
    kind: USER_IMPORT_KIND,
    columns: USER_IMPORT_COLUMNS,
    validate(row) {
      const accountType = TYPES[row.type.toUpperCase()];
      if (!accountType) return { error: '用户类型须为“个人”或“企业”' };
      if (row.name.length > 60) return { error: '名称超过60个字' };
      if (!PHONE_RE.test(row.phone)) return { error: `手机号格式不正确：${row.phone}` };
      let creditCode: string | null = null;
      if (accountType === 'ENTERPRISE') {
        creditCode = row.creditCode.toUpperCase();
        if (!creditCode) return { error: '企业须填写统一社会信用代码' };
        if (!isValidCreditCode(creditCode)) return { error: `统一社会信用代码不正确（校验位不符）：${creditCode}` };
      }
      let regionCode: string | null = null;
      if (row.region) {
        regionCode = regionOf(row.region);
        if (!regionCode) return { error: `未知的区县：${row.region}` };
      }
      if (row.password) {
        const problem = passwordProblem(row.password);
        if (problem) return { error: `初始密码不符合要求：${problem}` };
      }
      const keys = [`手机号:${row.phone}`, ...(creditCode ? [`统一社会信用代码:${creditCode}`] : [])];
      return {
        value: {
          accountType,
          name: row.name,
          phone: row.phone,
          creditCode,
          legalRep: row.legalRep || null,
          regionCode,
          password: row.password || null,
        },
        keys,
      };
    },
    async checkExisting(db, rows) {
      const phones = await repo.existingPhones(
        db,
        rows.map((r) => r.value.phone),
      );
      const codes = await repo.existingCreditCodes(
        db,
        rows.flatMap((r) => (r.value.creditCode ? [r.value.creditCode] : [])),
      );
      const refused = new Map<number, string>();
      for (const r of rows) {
        if (phones.has(r.value.phone)) refused.set(r.rowNo, `手机号已注册：${r.value.phone}`);
        else if (r.value.creditCode && codes.has(r.value.creditCode))
          refused.set(r.rowNo, `该企业已注册：${r.value.creditCode}`);
      }
      return refused;
    },
    async insert(tx, rows) {
      const personRole = await repo.roleIdByCode(tx, 'PERSON');
      const enterpriseRole = await repo.roleIdByCode(tx, 'ENTERPRISE');
      const accounts: { rowNo: number; username: string; password: string | null }[] = [];
      for (const { rowNo, value: v } of rows) {
        const generated = v.password ? null : randomPassword();
        const userId = await repo.insertAccount(tx, {
          username: v.phone,
          name: v.name,
          phone: v.phone,
          passwordHash: await hashPassword(v.password ?? generated!),
          accountType: v.accountType,
          orgId: null,
          regionCode: v.regionCode,
          creditCode: v.creditCode,
          legalRep: v.legalRep,
        });
        const roleId = v.accountType === 'PERSON' ? personRole : enterpriseRole;
        if (roleId) await repo.replaceUserRoles(tx, userId, [roleId]);
        accounts.push({ rowNo, username: v.phone, password: generated });
      }
      return accounts;
    },
  };
}

export function createUserImportService(db: Db) {
  return {
    template: () => templateWorkbook('用户导入', USER_IMPORT_COLUMNS),
    async run(
      actor: Actor,
      input: Readable,
      fileName: string,
      dryRun: boolean,
      truncated?: () => boolean,
    ): Promise<ImportResult> {
      const regions = await listRegions(db);
      const out = await runImport(db, userImportSpec(regions), {
        input,
        fileName,
        userId: actor.session.userId,
        dryRun,
        truncated,
      });
      if (out.jobId) {
        await writeAudit(db, {
          userId: actor.session.userId,
          action: 'user.import',
          target: `import:${out.jobId}`,
          detail: { fileName, total: out.total, succeeded: out.succeeded, failed: out.failed },
          ip: actor.ip,
        });
      }
      return {
        jobId: out.jobId,
        dryRun: out.dryRun,
        total: out.total,
        succeeded: out.succeeded,
        failed: out.failed,
        failures: out.failures.slice(0, 500),
        accounts: out.inserted.flat(),
      };
    },
  };
}
