import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCheckChar } from '@phjr/contract/orgs/credit-code';
import { idWithCheck } from '@phjr/contract/auth/certification';
import { CLIENT_URL, call, createTestApp, login, nextIp, type TestApp, type Tokens } from '../helpers.ts';
import { form, lastCode, newPhone, sendCode } from './sms-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'Green#Tea-2031';
const REGISTRY_CODE = withCheckChar('91999901MA0000002'); // 示范市丰禾农业发展有限公司, legal rep 王丰禾

async function registerCode(phone: string, purpose = 'REGISTER') {
  const sent = await sendCode(t, phone, purpose, nextIp());
  expect(sent.json().success).toBe(true);
  return lastCode(t, phone);
}

/** The ids of the agreement versions in force, as the registration page reads them (agreementOps.latest). */
async function shownAgreementIds(): Promise<number[]> {
  const ids: number[] = [];
  for (const kind of ['USER', 'PRIVACY'])
    ids.push((await t.app.inject({ url: `/zscms/agreement/latest.json?kind=${kind}` })).json().data.id);
  return ids;
}

/** frontCreate.json; the versions the page shows are accepted unless the payload names its own. */
async function register(payload: Record<string, unknown>) {
  const body = 'agreementIds' in payload ? payload : { ...payload, agreementIds: await shownAgreementIds() };
  return t.app.inject({ method: 'POST', url: '/zscms/user/frontCreate.json', payload: body, remoteAddress: nextIp() });
}

async function userCount(where: string, value: string) {
  const r = await t.database.pool.query(`SELECT count(*)::int AS n FROM users WHERE ${where} = $1`, [value]);
  return r.rows[0].n as number;
}

async function newPerson() {
  const phone = newPhone();
  const smsCode = await registerCode(phone);
  const res = await register({ type: 'PERSON', name: '测试个人', phone, smsCode, password: PASSWORD, agreement: true });
  expect(res.json(), res.body).toMatchObject({ success: true, data: { username: phone } });
  return phone;
}

/** A fresh enterprise registered with a random (non-registry) credit code. */
function randomCreditCode() {
  const digits = String(Math.floor(Math.random() * 1e7)).padStart(7, '0');
  return withCheckChar(`91999902MA${digits}`);
}

async function newEnterprise(creditCode = randomCreditCode()) {
  const phone = newPhone();
  const smsCode = await registerCode(phone);
  const res = await register({
    type: 'ENTERPRISE',
    enterpriseName: '测试企业有限公司',
    creditCode,
    legalRep: '测试',
    phone,
    smsCode,
    password: PASSWORD,
    agreement: true,
  });
  expect(res.json(), res.body).toMatchObject({ success: true, data: { username: creditCode } });
  return { phone, creditCode };
}

describe('registration', () => {
  it('registers a person who signs in with the phone, with the PERSON role', async () => {
    const phone = await newPerson();
    const tokens = await login(t.app, phone, PASSWORD);
    const info = (await call(t.app, tokens, { url: '/zscms/user/getUserInfo.json?sysEnum=PHJR' })).json().data;
    expect(info).toMatchObject({ username: phone, accountType: { code: 'PERSON' }, certified: false });
    expect(info.resourceList).toContain('/userClient/my/relatedSubject');
  });

  it('registers an enterprise that signs in with its credit code or its phone', async () => {
    const { phone, creditCode } = await newEnterprise();
    await login(t.app, creditCode, PASSWORD);
    const tokens = await login(t.app, phone, PASSWORD);
    const info = (await call(t.app, tokens, { url: '/zscms/user/getUserInfo.json?sysEnum=PHJR' })).json().data;
    expect(info).toMatchObject({ username: creditCode, accountType: { code: 'ENTERPRISE' } });
    expect(info.resourceList).toContain('/userClient/my/userManagement');
  });

  it('refuses a bad credit code, a weak password, a missing agreement, a wrong SMS code and a duplicate, changing nothing', async () => {
    const phone = newPhone();
    const smsCode = await registerCode(phone);
    const base = {
      type: 'ENTERPRISE',
      enterpriseName: '校验企业有限公司',
      legalRep: '校验',
      phone,
      smsCode,
      password: PASSWORD,
      agreement: true,
    };
    const badCode = withCheckChar('91999903MA0000777').slice(0, 17) + 'Z';
    expect((await register({ ...base, creditCode: badCode })).json()).toMatchObject({
      success: false,
      errorCode: 'VALIDATION',
    });
    const creditCode = randomCreditCode();
    for (const password of ['password123', 'Short1!', 'qwerty123', 'a'.repeat(65)]) {
      expect((await register({ ...base, creditCode, password })).json(), password).toMatchObject({
        success: false,
        errorCode: 'VALIDATION',
      });
    }
    expect((await register({ ...base, creditCode, agreement: false })).json()).toMatchObject({
      success: false,
      errorCode: 'VALIDATION',
    });
    const wrongCode = smsCode === '000000' ? '111111' : '000000';
    expect((await register({ ...base, creditCode, smsCode: wrongCode })).json()).toMatchObject({
      success: false,
      errorCode: 'SMS_CODE_INVALID',
    });
    expect(await userCount('phone', phone)).toBe(0);
    expect(await userCount('credit_code', creditCode)).toBe(0);
    // The right code still works after one wrong try.
    expect((await register({ ...base, creditCode })).json()).toMatchObject({ success: true });

    // Duplicate phone (and duplicate credit code) is refused before any code is spent.
    const again = await register({ ...base, creditCode: randomCreditCode(), smsCode });
    expect(again.json()).toMatchObject({ success: false, errorCode: 'ACCOUNT_EXISTS' });
    const phone2 = newPhone();
    const code2 = await registerCode(phone2);
    expect((await register({ ...base, phone: phone2, smsCode: code2, creditCode })).json()).toMatchObject({
      success: false,
      errorCode: 'ACCOUNT_EXISTS',
    });
    expect(await userCount('phone', phone2)).toBe(0);
  });
});

describe('accepted agreements (issue 13)', () => {
  const acceptances = async (username: string) =>
    (
      await t.database.pool.query<{ id: number }>(
        'SELECT a.agreement_id::int AS id FROM agreement_acceptances a JOIN users u ON u.id = a.user_id WHERE u.username = $1 ORDER BY 1',
        [username],
      )
    ).rows.map((r) => r.id);

  it('records the agreement versions the page showed with the new account', async () => {
    const shown = await shownAgreementIds();
    expect(shown).toHaveLength(2);
    const phone = await newPerson();
    expect(await acceptances(phone)).toEqual([...shown].sort((a, b) => a - b));
  });

  it('refuses versions that are no longer in force, asking to read again, and keeps the SMS code', async () => {
    const phone = newPhone();
    const smsCode = await registerCode(phone);
    const base = { type: 'PERSON', name: '协议个人', phone, smsCode, password: PASSWORD, agreement: true };
    const shown = await shownAgreementIds();
    // The operator publishes a new privacy policy while the page is open (the user agreement stays the demo's
    // version 1, which content.test.ts counts on).
    const op = await login(t.app, 'operator');
    const saved = await call(t.app, op, {
      method: 'POST',
      url: '/zscms/agreement/save.json',
      payload: { kind: 'PRIVACY', title: '隐私政策（修订）', body: '<p>修订后的条款</p>' },
    });
    expect(saved.json().success, saved.body).toBe(true);
    const stale = await register({ ...base, agreementIds: shown });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      success: false,
      errorCode: 'AGREEMENT_OUTDATED',
      errorMessage: expect.stringContaining('重新阅读'),
    });
    expect((await register({ ...base, agreementIds: [shown[0]] })).json()).toMatchObject({
      errorCode: 'AGREEMENT_OUTDATED',
    });
    expect((await register({ ...base, agreementIds: [...shown, saved.json().data.id] })).json()).toMatchObject({
      errorCode: 'AGREEMENT_OUTDATED',
    });
    expect((await register({ ...base, agreementIds: undefined })).json()).toMatchObject({ errorCode: 'VALIDATION' });
    expect(await userCount('phone', phone)).toBe(0);
    // Read again: the versions now in force are accepted with the same code.
    const now = await shownAgreementIds();
    expect(now).toContain(saved.json().data.id);
    expect((await register({ ...base, agreementIds: now })).json()).toMatchObject({ success: true });
    expect(await acceptances(phone)).toEqual([...now].sort((a, b) => a - b));
  });
});

describe('GET /ssoserver/user/isAccountExistedByUserName', () => {
  it('tells whether an account exists, at most 20 times a minute per address', async () => {
    const ip = nextIp();
    const ask = (username: string) =>
      t.app.inject({
        url: `/ssoserver/user/isAccountExistedByUserName?username=${encodeURIComponent(username)}`,
        remoteAddress: ip,
      });
    expect((await ask('enterprise')).json()).toMatchObject({ success: true, data: true });
    expect((await ask('13800000007')).json()).toMatchObject({ success: true, data: true });
    expect((await ask(`nobody-${Date.now()}`)).json()).toMatchObject({ success: true, data: false });
    for (let i = 3; i < 20; i++) expect((await ask('x')).json().success).toBe(true);
    expect((await ask('enterprise')).json()).toMatchObject({ success: false, errorCode: 'RATE_LIMITED' });
  });

  it('is the only answer that differs: password login answers the same for an unknown account', async () => {
    const pw = (username: string) =>
      t.app.inject({
        method: 'POST',
        url: '/ssoserver/doLogin',
        payload: { username, password: 'Wrong-Pass-99', redirect: CLIENT_URL },
        remoteAddress: nextIp(),
      });
    const phone = await newPerson();
    const known = await pw(phone);
    const unknown = await pw(newPhone());
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.json()).toEqual(unknown.json());
  });
});

async function sessionAlive(tokens: Tokens) {
  return (await call(t.app, tokens, { url: '/ssoserver/user/accountInfo.json' })).statusCode === 200;
}

describe('own account', () => {
  it('shows the account with the phone masked and saves name and email', async () => {
    const phone = await newPerson();
    const tokens = await login(t.app, phone, PASSWORD);
    const info = (await call(t.app, tokens, { url: '/ssoserver/user/accountInfo.json' })).json().data;
    expect(info.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    const saved = await call(t.app, tokens, {
      method: 'POST',
      url: '/ssoserver/user/updateAccountInfo.do',
      ...form({ name: '新名字', email: 'a@example.com' }),
    });
    expect(saved.json().success).toBe(true);
    expect((await call(t.app, tokens, { url: '/ssoserver/user/accountInfo.json' })).json().data).toMatchObject({
      name: '新名字',
      email: 'a@example.com',
    });
  });

  it('changes the password with the current password, ending the other sessions', async () => {
    const phone = await newPerson();
    const here = await login(t.app, phone, PASSWORD);
    const elsewhere = await login(t.app, phone, PASSWORD);
    // Wrong current passwords count like failed logins (password-guard.test.ts): an address of its own keeps this one apart.
    const wrong = await call(t.app, here, {
      method: 'POST',
      url: '/ssoserver/user/updatePassword.do',
      ...form({ oldPassword: 'nope-nope-1', newPassword: 'Another#Pass-77' }),
      remoteAddress: nextIp(),
    });
    expect(wrong.json()).toMatchObject({ success: false, errorCode: 'PASSWORD_WRONG' });
    expect(await sessionAlive(elsewhere)).toBe(true);
    const none = await call(t.app, here, {
      method: 'POST',
      url: '/ssoserver/user/updatePassword.do',
      ...form({ newPassword: 'Another#Pass-77' }),
    });
    expect(none.json()).toMatchObject({ success: false, errorCode: 'PROOF_REQUIRED' });
    const res = await call(t.app, here, {
      method: 'POST',
      url: '/ssoserver/user/updatePassword.do',
      ...form({ oldPassword: PASSWORD, newPassword: 'Another#Pass-77' }),
    });
    expect(res.json()).toMatchObject({ success: true });
    expect(await sessionAlive(here)).toBe(true);
    expect(await sessionAlive(elsewhere)).toBe(false);
    await login(t.app, phone, 'Another#Pass-77');
  });

  it('changes the password with an SMS code to the current phone', async () => {
    const phone = await newPerson();
    const here = await login(t.app, phone, PASSWORD);
    expect(
      (
        await call(t.app, here, {
          method: 'POST',
          url: '/ssoserver/sms/sendSmsVerifyCodeNoCodeValid',
          ...form({ purpose: 'VERIFY' }),
        })
      ).json().success,
    ).toBe(true);
    const smsCode = await lastCode(t, phone);
    const res = await call(t.app, here, {
      method: 'POST',
      url: '/ssoserver/user/updatePassword.do',
      ...form({ smsCode, newPassword: 'ViaSms#Pass-55' }),
    });
    expect(res.json()).toMatchObject({ success: true });
    await login(t.app, phone, 'ViaSms#Pass-55');
  });

  it('changes the phone with the password and a code to the new phone, ending the other sessions', async () => {
    const phone = await newPerson();
    const here = await login(t.app, phone, PASSWORD);
    const elsewhere = await login(t.app, phone, PASSWORD);
    const newPhoneNo = newPhone();
    const newSmsCode = await registerCode(newPhoneNo, 'CHANGE_PHONE');
    const res = await call(t.app, here, {
      method: 'POST',
      url: '/ssoserver/user/updatePhone.do',
      ...form({ oldPassword: PASSWORD, newPhone: newPhoneNo, newSmsCode }),
    });
    expect(res.json(), res.body).toMatchObject({ success: true });
    expect(await sessionAlive(elsewhere)).toBe(false);
    expect(await sessionAlive(here)).toBe(true);
    await login(t.app, newPhoneNo, PASSWORD);
    expect(await userCount('phone', phone)).toBe(0);
  });

  it('refuses a phone another account uses', async () => {
    const phone = await newPerson();
    const other = await newPerson();
    const here = await login(t.app, phone, PASSWORD);
    const res = await call(t.app, here, {
      method: 'POST',
      url: '/ssoserver/user/updatePhone.do',
      ...form({ oldPassword: PASSWORD, newPhone: other, newSmsCode: '123456' }),
    });
    expect(res.json()).toMatchObject({ success: false, errorCode: 'PHONE_IN_USE' });
  });
});

describe('certification', () => {
  it('certifies an enterprise whose name, credit code and legal representative match the registry', async () => {
    const { phone } = await newEnterprise(REGISTRY_CODE);
    const tokens = await login(t.app, phone, PASSWORD);
    const found = await call(t.app, tokens, {
      url: `/ssoserver/capacity/getEntListDetail?keyword=${encodeURIComponent('丰禾农业')}`,
    });
    expect(found.json().data[0]).toMatchObject({ creditCode: REGISTRY_CODE, legalRep: '王丰禾' });
    const detail = await call(t.app, tokens, { url: `/ssoserver/capacity/getEntDetail?creditCode=${REGISTRY_CODE}` });
    expect(detail.json().data.name).toBe('示范市丰禾农业发展有限公司');

    const rejected = await call(t.app, tokens, {
      method: 'POST',
      url: '/ssoserver/user/certify.do',
      ...form({ enterpriseName: '示范市丰禾农业发展有限公司', creditCode: REGISTRY_CODE, legalRep: '李四' }),
    });
    expect(rejected.json().data).toMatchObject({ status: 'REJECTED', reason: '法定代表人与登记信息不一致' });
    expect(
      (await call(t.app, tokens, { url: '/zscms/user/getUserInfo.json?sysEnum=PHJR' })).json().data.certified,
    ).toBe(false);

    const ok = await call(t.app, tokens, {
      method: 'POST',
      url: '/ssoserver/user/certify.do',
      ...form({ enterpriseName: '示范市丰禾农业发展有限公司', creditCode: REGISTRY_CODE, legalRep: '王丰禾' }),
    });
    expect(ok.json().data).toMatchObject({ status: 'CERTIFIED', reason: null });
    expect(
      (await call(t.app, tokens, { url: '/zscms/user/getUserInfo.json?sysEnum=PHJR' })).json().data.certified,
    ).toBe(true);
    expect((await call(t.app, tokens, { url: '/ssoserver/user/accountInfo.json' })).json().data).toMatchObject({
      certStatus: 'CERTIFIED',
      name: '示范市丰禾农业发展有限公司',
    });
  });

  it('rejects an enterprise the registry does not know, with the reason', async () => {
    const { phone, creditCode } = await newEnterprise();
    const tokens = await login(t.app, phone, PASSWORD);
    const res = await call(t.app, tokens, {
      method: 'POST',
      url: '/ssoserver/user/certify.do',
      ...form({ enterpriseName: '测试企业有限公司', creditCode, legalRep: '测试' }),
    });
    expect(res.json().data).toMatchObject({ status: 'REJECTED', reason: '企业登记信息中未找到该统一社会信用代码' });
  });

  it('certifies a person by name and a well-formed identity number', async () => {
    const phone = await newPerson();
    const tokens = await login(t.app, phone, PASSWORD);
    const bad = await call(t.app, tokens, {
      method: 'POST',
      url: '/ssoserver/user/certify.do',
      ...form({ name: '张三', idNumber: '110101199003070000' }),
    });
    expect(bad.json()).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    const id = idWithCheck('11010119900307123');
    const ok = await call(t.app, tokens, {
      method: 'POST',
      url: '/ssoserver/user/certify.do',
      ...form({ name: '张三', idNumber: id }),
    });
    expect(ok.json().data.status).toBe('CERTIFIED');
    const info = (await call(t.app, tokens, { url: '/ssoserver/user/accountInfo.json' })).json().data;
    expect(info.idNumber).toBe(`${id.slice(0, 3)}***********${id.slice(-4)}`);
  });
});

describe('sub-accounts and related subjects', () => {
  it('lets an enterprise main account create a sub-account that signs in and acts for the enterprise', async () => {
    const { phone } = await newEnterprise(withCheckChar('91999902MA0000003'));
    const main = await login(t.app, phone, PASSWORD);
    await call(t.app, main, {
      method: 'POST',
      url: '/ssoserver/user/certify.do',
      ...form({
        enterpriseName: '示范市金穗粮油加工有限公司',
        creditCode: withCheckChar('91999902MA0000003'),
        legalRep: '李金穗',
      }),
    });
    const username = `sub${Date.now().toString(36)}`;
    const subPhone = newPhone();
    const created = await call(t.app, main, {
      method: 'POST',
      url: '/ssoserver/user/createOrUpdateEntChildUser.do',
      ...form({ username, name: '子账号甲', phone: subPhone, password: 'Sub#Account-88', enabled: 'true' }),
    });
    expect(created.json(), created.body).toMatchObject({ success: true });
    const list = (await call(t.app, main, { url: '/ssoserver/user/entChildUsers.json' })).json().data;
    expect(list).toMatchObject([{ username, name: '子账号甲', enabled: true }]);

    const sub = await login(t.app, username, 'Sub#Account-88');
    const info = (await call(t.app, sub, { url: '/zscms/user/getUserInfo.json?sysEnum=PHJR' })).json().data;
    expect(info).toMatchObject({ accountType: { code: 'ENTERPRISE' }, certified: true });
    expect(info.resourceList).toContain('/userClient/home');
    expect(info.resourceList).not.toContain('/userClient/my/userManagement');
    expect(info.resourceList).not.toContain('/userClient/my/relatedSubject');
    const acc = (await call(t.app, sub, { url: '/ssoserver/user/accountInfo.json' })).json().data;
    expect(acc.actingFor).toMatchObject({
      name: '示范市金穗粮油加工有限公司',
      creditCode: withCheckChar('91999902MA0000003'),
    });
    const subMakesSub = await call(t.app, sub, {
      method: 'POST',
      url: '/ssoserver/user/createOrUpdateEntChildUser.do',
      ...form({ username: 'zzzz', name: 'x', phone: newPhone() }),
    });
    expect(subMakesSub.statusCode).toBe(403);

    // Disabling ends its sessions.
    const disabled = await call(t.app, main, {
      method: 'POST',
      url: '/ssoserver/user/createOrUpdateEntChildUser.do',
      ...form({ id: String(list[0].id), username, name: '子账号甲', phone: subPhone, enabled: 'false' }),
    });
    expect(disabled.json().success).toBe(true);
    expect(await sessionAlive(sub)).toBe(false);
  });

  it('lets a person link an enterprise with the main account password, and unlink it', async () => {
    const { creditCode } = await newEnterprise();
    const phone = await newPerson();
    const tokens = await login(t.app, phone, PASSWORD);
    const ip = nextIp();
    const wrong = await call(t.app, tokens, {
      method: 'POST',
      url: '/ssoserver/user/relatedSubject.do',
      ...form({ creditCode, password: 'Wrong-Pass-1' }),
      remoteAddress: ip,
    });
    const unknown = await call(t.app, tokens, {
      method: 'POST',
      url: '/ssoserver/user/relatedSubject.do',
      ...form({ creditCode: randomCreditCode(), password: PASSWORD }),
      remoteAddress: ip,
    });
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ success: false, errorCode: 'SUBJECT_VERIFY_FAILED' });
    const ok = await call(t.app, tokens, {
      method: 'POST',
      url: '/ssoserver/user/relatedSubject.do',
      ...form({ creditCode, password: PASSWORD }),
      remoteAddress: ip,
    });
    expect(ok.json().success).toBe(true);
    const list = (await call(t.app, tokens, { url: '/ssoserver/user/relatedSubjects.json' })).json().data;
    expect(list).toMatchObject([{ creditCode, name: '测试企业有限公司' }]);
    const un = await call(t.app, tokens, {
      method: 'POST',
      url: '/ssoserver/user/unrelateSubject.do',
      ...form({ enterpriseUserId: String(list[0].enterpriseUserId) }),
    });
    expect(un.json().success).toBe(true);
    expect((await call(t.app, tokens, { url: '/ssoserver/user/relatedSubjects.json' })).json().data).toEqual([]);
  });
});
