import type { SaveEntChildUserRequest } from '@phjr/contract/auth/account';
import {
  FORGOT_PASSWORD_FAILURES_PER_ADDRESS_PER_HOUR,
  type ForgotPasswordRequest,
} from '@phjr/contract/auth/password-reset';
import type { CertifyRequest } from '@phjr/contract/auth/certification';
import type { RegisterRequest } from '@phjr/contract/auth/register';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { checkSmsCode, consumeSmsCode } from '../notify/sms.codes.ts';
import type { SmsGateway } from '../notify/sms.gateway.ts';
import { writeAudit } from '../audit/audit.ts';
import type { SessionContext } from './auth.service.ts';
import * as repo from './accounts.repo.ts';
import { clearFailures } from './auth.repo.ts';
import { chooseRole, grantorOf } from '../orgs/assignable-roles.ts';
import { replaceUserRoles, rolesOfUsers } from '../orgs/orgs.ts';
import type { Captchas } from './captcha.ts';
import { accountKey, createPasswordGuard, type GuardedAccount } from './password-guard.ts';

export const EXISTS_CHECKS_PER_MINUTE = 20;

export function maskPhone(p: string | null) {
  return p ? `${p.slice(0, 3)}****${p.slice(-4)}` : null;
}
export function maskId(s: string | null) {
  return s ? `${s.slice(0, 3)}***********${s.slice(-4)}` : null;
}

type Proof = { oldPassword?: string; smsCode?: string; captchaId?: string; captchaCode?: string };

export function createAccountsService(db: Db, gateway: SmsGateway, captchas: Captchas) {
  const guard = createPasswordGuard(db, gateway, captchas);

  async function account(session: SessionContext) {
    const u = await repo.findAccount(db, session.userId);
    if (!u) throw new AppError('SESSION_INVALID');
    return u;
  }

  /**
   * The current password or an SMS code (purpose VERIFY) sent to the current phone. A wrong current password counts
   * like a failed login of the account (a stolen session must not become a way to guess the password).
   */
  async function checkProof(u: GuardedAccount, proof: Proof, ip: string) {
    if (proof.oldPassword) {
      await guard.verify(
        {
          account: u,
          typed: u.username,
          password: proof.oldPassword,
          ip,
          captchaId: proof.captchaId,
          captchaCode: proof.captchaCode,
        },
        {
          failed: 'PASSWORD_WRONG',
          locked: 'PASSWORD_LOCKED',
          audit: { action: 'account.password.failed', userId: u.id, target: u.username },
        },
      );
      return;
    }
    if (proof.smsCode) {
      if (!u.phone) throw new AppError('NO_PHONE');
      await consumeSmsCode(db, u.phone, 'VERIFY', proof.smsCode);
      return;
    }
    throw new AppError('PROOF_REQUIRED');
  }

  async function linkSubject(session: SessionContext, ent: { id: number }, creditCode: string, ip: string) {
    await repo.linkSubject(db, session.userId, ent.id);
    await writeAudit(db, { userId: session.userId, action: 'account.subject.link', target: creditCode, ip });
  }

  function keep(session: SessionContext) {
    return session.parentId ? [session.sessionId, session.parentId] : [session.sessionId];
  }

  return {
    /**
     * Registration: every check that changes nothing comes first; the SMS code is used up only when the account can
     * be made, and the account with its role is written in one transaction.
     */
    async register(input: RegisterRequest, ip: string) {
      const username = input.type === 'PERSON' ? input.phone : input.creditCode;
      if (await repo.usernameOrPhoneTaken(db, input.phone, username)) throw new AppError('ACCOUNT_EXISTS');
      // The versions the page showed must be the ones in force: a version published meanwhile has to be read first.
      const accepted = [...new Set(input.agreementIds)].sort((a, b) => a - b);
      const current = (await repo.currentAgreementIds(db)).sort((a, b) => a - b);
      if (accepted.join() !== current.join()) throw new AppError('AGREEMENT_OUTDATED');
      await consumeSmsCode(db, input.phone, 'REGISTER', input.smsCode);
      const passwordHash = await hashPassword(input.password);
      try {
        await db.transaction(async (tx) => {
          const id = await repo.insertAccount(tx, {
            username,
            name: input.type === 'PERSON' ? input.name : input.enterpriseName,
            passwordHash,
            accountType: input.type,
            phone: input.phone,
            creditCode: input.type === 'ENTERPRISE' ? input.creditCode : null,
            legalRep: input.type === 'ENTERPRISE' ? input.legalRep : null,
            roleCode: input.type,
          });
          await repo.insertAcceptances(tx, id, accepted, new Date());
          await writeAudit(tx, {
            userId: id,
            action: 'account.register',
            target: username,
            detail: { type: input.type, agreementIds: accepted },
            ip,
          });
        });
      } catch (err) {
        // Two registrations racing for the same phone or code: the unique indexes decide.
        if ((err as { code?: string }).code === '23505') throw new AppError('ACCOUNT_EXISTS');
        throw err;
      }
      await gateway.send(input.phone, 'REGISTER_SUCCESS', { username });
      return { username };
    },

    /** The only answer that tells whether an account exists: rate-limited per address, and every check audited. */
    async accountExists(username: string, ip: string) {
      const recent = await repo.countActionsFromIp(db, 'account.exists', ip, new Date(Date.now() - 60_000));
      if (recent >= EXISTS_CHECKS_PER_MINUTE) throw new AppError('RATE_LIMITED');
      await writeAudit(db, { userId: null, action: 'account.exists', target: username.slice(0, 64), ip });
      return repo.usernameOrPhoneTaken(db, username);
    },

    entList: (keyword: string) => repo.searchRegistry(db, keyword).then((rows) => rows.map(toEnt)),
    entDetail: async (creditCode: string) => {
      const row = await repo.registryByCode(db, creditCode);
      return row ? toEnt(row) : null;
    },

    async certification(session: SessionContext) {
      const u = await account(session);
      return certOf(u);
    },

    /**
     * Enterprises: name, credit code and legal representative must match the registry row, and the enterprise must be
     * operating. Persons: name + a well-formed identity number (no identity registry exists on this platform).
     */
    async certify(session: SessionContext, input: CertifyRequest, ip: string) {
      const u = await account(session);
      if (u.parentUserId) throw new AppError('ACCOUNT_KIND_NOT_ALLOWED', '子账号随主账号认证，无需单独认证');
      let reason: string | null = null;
      if ('creditCode' in input) {
        if (u.accountType !== 'ENTERPRISE')
          throw new AppError('ACCOUNT_KIND_NOT_ALLOWED', '个人账号请使用姓名和身份证号认证');
        const reg = await repo.registryByCode(db, input.creditCode);
        if (u.creditCode && u.creditCode !== input.creditCode) reason = '统一社会信用代码与注册时填写的不一致';
        else if (!reg) reason = '企业登记信息中未找到该统一社会信用代码';
        else if (reg.name !== input.enterpriseName) reason = '企业名称与登记信息不一致';
        else if (reg.legalRep !== input.legalRep) reason = '法定代表人与登记信息不一致';
        else if (reg.status !== '存续') reason = `企业登记状态为“${reg.status}”，不能认证`;
      } else if (u.accountType !== 'PERSON') {
        throw new AppError('ACCOUNT_KIND_NOT_ALLOWED', '企业账号请使用企业名称、统一社会信用代码和法定代表人认证');
      }
      const certified = reason === null;
      const at = new Date();
      await db.transaction(async (tx) => {
        await repo.updateAccount(tx, u.id, {
          certified,
          certStatus: certified ? 'CERTIFIED' : 'REJECTED',
          certReason: reason,
          certifiedAt: certified ? at : null,
          ...('creditCode' in input
            ? certified
              ? { name: input.enterpriseName, legalRep: input.legalRep, creditCode: input.creditCode }
              : {}
            : { name: input.name, idNumber: input.idNumber }),
        });
        if (u.accountType === 'ENTERPRISE') await repo.certifyChildren(tx, u.id, certified);
        await writeAudit(tx, {
          userId: u.id,
          action: 'account.certify',
          target: u.username,
          detail: { certified, reason },
          ip,
        });
      });
      if (u.phone)
        await gateway.send(u.phone, 'CERT_RESULT', {
          username: u.username,
          result: certified ? '认证通过' : '认证未通过',
          reason: reason ?? '',
        });
      return {
        status: certified ? ('CERTIFIED' as const) : ('REJECTED' as const),
        reason,
        certifiedAt: certified ? at.toISOString() : null,
      };
    },

    async accountInfo(session: SessionContext) {
      const u = await account(session);
      const parent = u.parentUserId ? await repo.findAccount(db, u.parentUserId) : null;
      return {
        userId: u.id,
        username: u.username,
        name: u.name,
        accountType: u.accountType,
        phone: maskPhone(u.phone),
        email: u.email,
        idNumber: maskId(u.idNumber),
        creditCode: u.creditCode ?? parent?.creditCode ?? null,
        legalRep: u.legalRep,
        certStatus: certOf(parent ?? u).status,
        certReason: (parent ?? u).certReason,
        actingFor: parent ? { userId: parent.id, name: parent.name, creditCode: parent.creditCode } : null,
        createdAt: u.createdAt.toISOString(),
      };
    },

    async updateInfo(session: SessionContext, input: { name: string; email?: string }, ip: string) {
      const u = await account(session);
      // A certified main account keeps its certified name; a sub-account's name is its staff member's own.
      const name = u.certified && !u.parentUserId ? u.name : input.name;
      await repo.updateAccount(db, u.id, { name, email: input.email ? input.email : null });
      await writeAudit(db, { userId: u.id, action: 'account.update', target: u.username, ip });
      return null;
    },

    /**
     * Every account kind's own password (issue 30): proof first, then the new password, which must differ from the
     * current one. Clears a change an administrator's reset made due; ends the account's other sessions.
     */
    async updatePassword(session: SessionContext, input: Proof & { newPassword: string }, ip: string) {
      const u = await account(session);
      await checkProof(u, input, ip);
      if (await verifyPassword(u.passwordHash, input.newPassword)) throw new AppError('PASSWORD_SAME');
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await repo.updateAccount(tx, u.id, { passwordHash, mustChangePassword: false, passwordChangedAt: new Date() });
        await repo.endOtherSessions(tx, u.id, keep(session));
        await writeAudit(tx, {
          userId: u.id,
          action: 'account.password',
          target: u.username,
          detail: { afterReset: u.mustChangePassword },
          ip,
        });
      });
      if (u.phone) await gateway.send(u.phone, 'PASSWORD_CHANGED', { username: u.username });
      return null;
    },

    async updatePhone(session: SessionContext, input: Proof & { newPhone: string; newSmsCode: string }, ip: string) {
      const u = await account(session);
      if (input.newPhone === u.phone) throw new AppError('VALIDATION', '新手机号不能与当前手机号相同');
      if (await repo.phoneTakenByOther(db, input.newPhone, u.id)) throw new AppError('PHONE_IN_USE');
      await checkProof(u, input, ip);
      await consumeSmsCode(db, input.newPhone, 'CHANGE_PHONE', input.newSmsCode);
      await db.transaction(async (tx) => {
        // A person signs in with the phone as account name: it moves with the phone.
        const username = u.accountType === 'PERSON' && u.username === u.phone ? input.newPhone : u.username;
        await repo.updateAccount(tx, u.id, { phone: input.newPhone, username });
        await repo.endOtherSessions(tx, u.id, keep(session));
        await writeAudit(tx, { userId: u.id, action: 'account.phone', target: u.username, ip });
      });
      if (u.phone) await gateway.send(u.phone, 'PHONE_CHANGED', { username: u.username });
      return null;
    },

    /**
     * The sign-in pages' forgotten password (issue 30): the bound phone, its RESET_PASSWORD code and a new password. A
     * wrong code, a phone without an account and a disabled account get one answer, so the call tells nothing about
     * which phones have accounts; an address has FORGOT_PASSWORD_FAILURES_PER_ADDRESS_PER_HOUR wrong tries, counted
     * from the audit log like the other address limits. Success ends every session and forgives the lock.
     */
    async forgotPassword(input: ForgotPasswordRequest, ip: string) {
      const failures = await repo.countActionsFromIp(
        db,
        'account.password.forgot.failed',
        ip,
        new Date(Date.now() - 3_600_000),
      );
      if (failures >= FORGOT_PASSWORD_FAILURES_PER_ADDRESS_PER_HOUR) throw new AppError('RATE_LIMITED');
      const codeOk = await checkSmsCode(db, input.phone, 'RESET_PASSWORD', input.smsCode);
      const u = codeOk ? await repo.findByPhone(db, input.phone) : null;
      if (!codeOk || !u || u.status !== 'ACTIVE') {
        await writeAudit(db, {
          userId: u?.id ?? null,
          action: 'account.password.forgot.failed',
          target: input.phone,
          ip,
        });
        throw new AppError('PASSWORD_RESET_FAILED');
      }
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await repo.updateAccount(tx, u.id, { passwordHash, mustChangePassword: false, passwordChangedAt: new Date() });
        await repo.endAllSessions(tx, u.id);
        await clearFailures(tx, accountKey(u.username));
        await writeAudit(tx, { userId: u.id, action: 'account.password.forgot', target: u.username, ip });
      });
      await gateway.send(input.phone, 'PASSWORD_CHANGED', { username: u.username });
      return null;
    },

    async bindPhone(session: SessionContext, input: { phone: string; smsCode: string }, ip: string) {
      const u = await account(session);
      if (u.phone) throw new AppError('VALIDATION', '账号已绑定手机号，请使用“修改手机号”');
      if (await repo.phoneTakenByOther(db, input.phone, u.id)) throw new AppError('PHONE_IN_USE');
      await consumeSmsCode(db, input.phone, 'BIND_PHONE', input.smsCode);
      await repo.updateAccount(db, u.id, { phone: input.phone });
      await writeAudit(db, { userId: u.id, action: 'account.bindPhone', target: u.username, ip });
      return null;
    },

    async relatedSubjects(session: SessionContext) {
      return (await repo.listSubjects(db, session.userId)).map((s) => ({ ...s, createdAt: s.createdAt.toISOString() }));
    },

    /**
     * A person links an enterprise by its credit code and proof that the enterprise agrees: an SMS code sent to the
     * enterprise account's phone (purpose RELATE_SUBJECT) or the main account's password. One answer for every
     * failure, so the call does not reveal which codes have accounts: wrong passwords count against the code's key
     * whether or not an account has it, so a code without an account locks exactly like one with an account.
     */
    async relateSubject(
      session: SessionContext,
      input: { creditCode: string; smsCode?: string; password?: string; captchaId?: string; captchaCode?: string },
      ip: string,
    ) {
      if (session.accountType !== 'PERSON') throw new AppError('ACCOUNT_KIND_NOT_ALLOWED', '仅个人账号可以关联企业');
      if (!input.smsCode && !input.password) throw new AppError('PROOF_REQUIRED', '请输入企业的短信验证码或主账号密码');
      const ent = await repo.findByCreditCode(db, input.creditCode);
      if (input.password) {
        const verified = await guard.verify(
          {
            account: ent,
            typed: input.creditCode,
            password: input.password,
            ip,
            callerUsername: session.username,
            captchaId: input.captchaId,
            captchaCode: input.captchaCode,
          },
          {
            failed: 'SUBJECT_VERIFY_FAILED',
            locked: 'PASSWORD_LOCKED',
            audit: { action: 'account.subject.failed', userId: session.userId, target: input.creditCode },
          },
        );
        await linkSubject(session, verified, input.creditCode, ip);
        return null;
      }
      const good =
        !!ent?.phone &&
        (await consumeSmsCode(db, ent.phone, 'RELATE_SUBJECT', input.smsCode!).then(
          () => true,
          () => false,
        ));
      if (!ent || !good || ent.status !== 'ACTIVE') {
        await writeAudit(db, {
          userId: session.userId,
          action: 'account.subject.failed',
          target: input.creditCode,
          ip,
        });
        throw new AppError('SUBJECT_VERIFY_FAILED');
      }
      await linkSubject(session, ent, input.creditCode, ip);
      return null;
    },

    async unrelateSubject(session: SessionContext, enterpriseUserId: number, ip: string) {
      if (!(await repo.unlinkSubject(db, session.userId, enterpriseUserId))) throw new AppError('NOT_FOUND');
      await writeAudit(db, {
        userId: session.userId,
        action: 'account.subject.unlink',
        target: String(enterpriseUserId),
        ip,
      });
      return null;
    },

    async childUsers(session: SessionContext) {
      if (session.parentUserId || session.accountType !== 'ENTERPRISE')
        throw new AppError('ACCOUNT_KIND_NOT_ALLOWED', '仅企业主账号可以管理子账号');
      const children = await repo.listChildren(db, session.userId);
      const rolesBy = await rolesOfUsers(
        db,
        children.map((c) => c.id),
      );
      return children.map((c) => ({
        id: c.id,
        username: c.username,
        name: c.name,
        phone: c.phone,
        enabled: c.status === 'ACTIVE',
        lastLoginAt: c.lastLoginAt?.toISOString() ?? null,
        createdAt: c.createdAt.toISOString(),
        roles: rolesBy.get(c.id) ?? [],
      }));
    },

    /**
     * The enterprise main account makes, edits or disables its sub-accounts (acting for it), with the role it chooses
     * among those the operator allows enterprises to give (orgs/assignable-roles.ts); none chosen on create: the least.
     */
    async saveChildUser(session: SessionContext, input: SaveEntChildUserRequest, ip: string) {
      if (session.parentUserId || session.accountType !== 'ENTERPRISE')
        throw new AppError('ACCOUNT_KIND_NOT_ALLOWED', '仅企业主账号可以管理子账号');
      const main = await account(session);
      const passwordHash = input.password ? await hashPassword(input.password) : null;
      try {
        if (!input.id) {
          if (!passwordHash) throw new AppError('VALIDATION', '请设置子账号密码');
          if (await repo.usernameOrPhoneTaken(db, input.username, input.phone))
            throw new AppError('ACCOUNT_EXISTS', '账号或手机号已被使用');
          const id = await db.transaction(async (tx) => {
            const role = await chooseRole(tx, grantorOf(session), input.roleId);
            const id = await repo.insertAccount(tx, {
              username: input.username,
              name: input.name,
              passwordHash,
              accountType: 'ENTERPRISE',
              phone: input.phone,
              parentUserId: main.id,
              certified: main.certified,
              certStatus: main.certStatus,
              status: input.enabled ? 'ACTIVE' : 'DISABLED',
              roleId: role.id,
            });
            await writeAudit(tx, {
              userId: main.id,
              action: 'account.sub.create',
              target: input.username,
              detail: { roleId: role.id, role: role.name },
              ip,
            });
            return id;
          });
          await gateway.send(input.phone, 'SUB_ACCOUNT_CREATED', { enterprise: main.name, username: input.username });
          return { id };
        }
        const child = await repo.findAccount(db, input.id);
        if (!child || child.parentUserId !== main.id) throw new AppError('NOT_FOUND');
        if (input.username.toLowerCase() !== child.username.toLowerCase())
          throw new AppError('VALIDATION', '子账号的账号名不能修改');
        if (await repo.phoneTakenByOther(db, input.phone, child.id)) throw new AppError('PHONE_IN_USE');
        await db.transaction(async (tx) => {
          await repo.updateAccount(tx, child.id, {
            name: input.name,
            phone: input.phone,
            status: input.enabled ? 'ACTIVE' : 'DISABLED',
            // Issue 30: a password the main account sets is a reset: the sub-account must change it at next sign-in.
            ...(passwordHash ? { passwordHash, mustChangePassword: true, passwordChangedAt: new Date() } : {}),
          });
          // No role named: the sub-account keeps the roles it has.
          const role = input.roleId === undefined ? null : await chooseRole(tx, grantorOf(session), input.roleId);
          if (role) await replaceUserRoles(tx, child.id, [role.id]);
          if (!input.enabled || passwordHash) await repo.endAllSessions(tx, child.id);
          const detail = { enabled: input.enabled, ...(role ? { roleId: role.id, role: role.name } : {}) };
          await writeAudit(tx, { userId: main.id, action: 'account.sub.update', target: child.username, detail, ip });
          if (passwordHash)
            await writeAudit(tx, { userId: main.id, action: 'account.sub.password.reset', target: child.username, ip });
        });
        return { id: child.id };
      } catch (err) {
        if ((err as { code?: string }).code === '23505') throw new AppError('ACCOUNT_EXISTS', '账号或手机号已被使用');
        throw err;
      }
    },
  };
}

function certOf(u: { certStatus: string; certReason: string | null; certifiedAt: Date | null; certified: boolean }) {
  const status = (u.certified ? 'CERTIFIED' : u.certStatus === 'CERTIFIED' ? 'NONE' : u.certStatus) as
    'NONE' | 'PENDING' | 'CERTIFIED' | 'REJECTED';
  return { status, reason: u.certReason, certifiedAt: u.certifiedAt?.toISOString() ?? null };
}

function toEnt(r: {
  creditCode: string;
  name: string;
  legalRep: string;
  regCapital: string | null;
  establishedOn: string | null;
  address: string | null;
  businessScope: string | null;
  industry: string | null;
  status: string;
  regionCode: string | null;
}) {
  return { ...r };
}
