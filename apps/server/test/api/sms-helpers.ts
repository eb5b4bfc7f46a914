import type { FastifyInstance } from 'fastify';
import { nextIp, type TestApp } from '../helpers.ts';

let phoneCounter = 0;
/** A phone no other test uses: 19 + 9 random-ish digits. */
export function newPhone() {
  phoneCounter += 1;
  const n = (Date.now() % 1_000_000) * 1000 + ((process.pid * 7 + phoneCounter) % 1000);
  return `19${String(n).padStart(9, '0').slice(-9)}`;
}

/**
 * A captcha and its answer, as a person reads the picture (the app tells the tests each answer: the database keeps
 * only a keyed hash). Each is asked from a fresh address, so the per-address limit is not what a test meets.
 */
export async function solveCaptcha(t: TestApp) {
  const res = await t.app.inject({ method: 'GET', url: '/ssoserver/captcha', remoteAddress: nextIp() });
  const { captchaId } = res.json().data;
  return { captchaId: captchaId as string, captchaCode: t.captchaAnswer(captchaId) };
}

export async function sendCode(t: TestApp, phone: string, purpose: string, ip: string) {
  const captcha = await solveCaptcha(t);
  return t.app.inject({
    method: 'POST',
    url: '/ssoserver/sms/sendSmsVerifyCode',
    payload: { phone, purpose, ...captcha },
    remoteAddress: ip,
  });
}

/** The code in the newest message to this phone, read from the outbox as a person reads their phone. */
export async function lastCode(t: TestApp, phone: string): Promise<string> {
  const row = await t.database.pool.query(
    "SELECT content FROM sms_outbox WHERE phone = $1 AND template_code = 'VERIFY_CODE' ORDER BY id DESC LIMIT 1",
    [phone],
  );
  const m = /(\d{6})/.exec(row.rows[0]?.content ?? '');
  if (!m) throw new Error(`no code sent to ${phone}`);
  return m[1];
}

export function form(payload: Record<string, string>) {
  return {
    payload: new URLSearchParams(payload).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}

export type { FastifyInstance };
