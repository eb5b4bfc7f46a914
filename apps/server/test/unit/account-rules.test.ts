import { describe, expect, it } from 'vitest';
import { userImportSpec } from '../../src/modules/orgs/user-import.service.ts';
import { initialAdminPasswordProblem } from '../../src/seed/seed.ts';

/**
 * Issue 12: the server's own password and phone checks (user import rows, the first operator's password) are the
 * contract's one policy, so an operator cannot import `Password1` or start a fresh database with `Admin@123`.
 */
const spec = userImportSpec([{ code: '999901', name: '示范区' }]);
const row = (over: Record<string, string>) => ({
  type: '个人',
  name: '李明',
  phone: '13812345678',
  creditCode: '',
  legalRep: '',
  region: '',
  password: '',
  ...over,
});
const error = (over: Record<string, string>) => {
  const check = spec.validate(row(over), 2);
  return 'error' in check ? check.error : null;
};

describe('user import rows', () => {
  it('refuses the weak passwords self-service refuses, and takes a good one or none', () => {
    for (const weak of ['Password1', 'Admin@123', 'Demo@2026', 'short1A'])
      expect(error({ password: weak }), weak).toMatch(/初始密码不符合要求/);
    expect(error({ password: 'Tea#Garden-2031' })).toBeNull();
    expect(error({ password: 'greentea-harvest' })).toBeNull();
    expect(error({})).toBeNull();
  });

  it('takes the one mobile-number rule', () => {
    expect(error({ phone: '13012345678' })).toBeNull();
    for (const bad of ['12012345678', '1381234567', '138123456789', '23812345678'])
      expect(error({ phone: bad }), bad).toMatch(/手机号格式不正确/);
  });
});

describe('INITIAL_ADMIN_PASSWORD', () => {
  it('must be set and pass the password policy', () => {
    expect(initialAdminPasswordProblem(null)).toMatch(/set INITIAL_ADMIN_PASSWORD/);
    expect(initialAdminPasswordProblem('')).toMatch(/set INITIAL_ADMIN_PASSWORD/);
    for (const weak of ['Password1', 'Admin@123', 'Demo@2026', '1234567'])
      expect(initialAdminPasswordProblem(weak), weak).toMatch(/refused by the password policy/);
    expect(initialAdminPasswordProblem('a long first password')).toMatch(/refused/); // spaces: refused everywhere
    expect(initialAdminPasswordProblem('a-long-first-password')).toBeNull();
  });
});
