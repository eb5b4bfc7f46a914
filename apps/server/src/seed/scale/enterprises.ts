import { sql } from 'drizzle-orm';
import type { ScaleDomain } from './index.ts';

/**
 * Enterprise main accounts spread over the districts. They cannot sign in (the password hash is not a hash), so a
 * benchmark database never holds a usable account beyond the demo ones.
 */
export const enterprisesAtScale: ScaleDomain = {
  name: 'enterprises',
  rows: 200_000,
  async generate(db, rows) {
    await db.execute(sql`
      INSERT INTO users (username, phone, name, password_hash, account_type, credit_code, region_code, certified, cert_status, legal_rep, created_at)
      SELECT 'scale-ent-' || n,
             '17' || lpad(n::text, 9, '0'),
             '示范市规模测试企业' || n || '有限公司',
             '!scale-data-cannot-sign-in',
             'ENTERPRISE',
             '91' || lpad(n::text, 16, '0'),
             (ARRAY(SELECT code FROM regions WHERE parent_code IS NOT NULL ORDER BY code))[1 + n % 8],
             n % 3 <> 0,
             CASE WHEN n % 3 <> 0 THEN 'CERTIFIED' ELSE 'NONE' END,
             '法人' || n,
             now() - (n % 720) * interval '1 day'
      FROM generate_series(1, ${rows}) AS n`);
  },
};
