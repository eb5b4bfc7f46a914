import { sql } from 'drizzle-orm';
import { PASSWORD_MAX, PASSWORD_MIN, passwordProblem } from '@phjr/contract/auth/password-policy';
import { BUILTIN_ROLES } from '@phjr/contract/orgs/builtin-roles';
import type { Db, DbOrTx } from '../db/client.ts';
import { roleResources, rolePermissions, roles } from '../db/schema/index.ts';
import { countUsers } from '../modules/orgs/orgs.repo.ts';
import { ensureSmsTemplates } from '../modules/notify/sms.gateway.ts';
import { seedDemo } from './demo.ts';
import { insertOrg, insertUser } from './factories.ts';
import { CITY } from './regions.ts';

/** Built-in roles that are missing are added on every start; roles the operator changed are left alone. */
export async function ensureBuiltinRoles(db: DbOrTx) {
  for (const r of BUILTIN_ROLES) {
    const inserted = await db
      .insert(roles)
      .values({
        code: r.code,
        name: r.name,
        nameEn: r.nameEn,
        accountType: r.accountType,
        classifiedType: r.classifiedOrgType,
        builtin: true,
        assignableTo: [...r.assignableTo],
      })
      .onConflictDoNothing({ target: roles.code })
      .returning({ id: roles.id });
    if (inserted.length === 0) continue;
    const roleId = inserted[0].id;
    if (r.resources.length) await db.insert(roleResources).values(r.resources.map((path) => ({ roleId, path })));
    if (r.permissions.length)
      await db.insert(rolePermissions).values(r.permissions.map((permission) => ({ roleId, permission })));
  }
}

const SEED_LOCK = 4_171_002;

/**
 * Why INITIAL_ADMIN_PASSWORD cannot become the first operator's password, or null: the product's one password policy
 * (passwordProblem), the same that registration and every admin form apply, so `Admin@123` is refused here too.
 */
export function initialAdminPasswordProblem(password: string | null): string | null {
  if (!password)
    return 'The database is empty and not in demo mode: set INITIAL_ADMIN_PASSWORD for the first operator account "admin".';
  const problem = passwordProblem(password);
  return problem
    ? `INITIAL_ADMIN_PASSWORD is refused by the password policy (${PASSWORD_MIN}-${PASSWORD_MAX} characters, not a common password): ${problem}`
    : null;
}

/**
 * An empty database gets the built-in roles and either the demo data (demo mode) or one operator account whose
 * password comes from INITIAL_ADMIN_PASSWORD. Runs under an advisory lock so several processes can start together.
 */
export async function seedIfEmpty(
  db: Db,
  opts: { demo: boolean; initialAdminPassword: string | null; log: (m: string) => void },
) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    await ensureBuiltinRoles(tx);
    await ensureSmsTemplates(tx);
    if ((await countUsers(tx)) > 0) return;
    if (opts.demo) {
      opts.log('Loading demo data...');
      await seedDemo(tx);
      return;
    }
    const password = opts.initialAdminPassword ?? '';
    const refused = initialAdminPasswordProblem(password);
    if (refused) throw new Error(refused);
    await tx.execute(
      sql`INSERT INTO regions (code, name, parent_code, sort) VALUES (${CITY.code}, ${CITY.name}, NULL, 0) ON CONFLICT DO NOTHING`,
    );
    const orgId = await insertOrg(tx, {
      name: '平台运营中心',
      shortName: '运营中心',
      orgType: 'ROOT',
      classifiedType: 'PLATFORM',
      regionCode: CITY.code,
    });
    await insertUser(tx, {
      username: 'admin',
      name: '平台管理员',
      password,
      accountType: 'PLATFORM',
      orgId,
      roleCodes: ['PLATFORM_ADMIN'],
    });
    opts.log('Created the operator account "admin".');
  });
}
