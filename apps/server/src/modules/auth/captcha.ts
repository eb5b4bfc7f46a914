import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { CAPTCHA_PER_ADDRESS_PER_MINUTE, CAPTCHA_TTL_MS } from '@phjr/contract/auth/sso';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './auth.repo.ts';

/** The window CAPTCHA_PER_ADDRESS_PER_MINUTE counts over. */
export const CAPTCHA_WINDOW_MS = 60_000;

/** The characters a picture draws: none that reads as another (0/o/O, 1/i/l/I). Answers are compared in lower case. */
export const CAPTCHA_CHARS = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CAPTCHA_LENGTH = 4;

/** What a captcha row keeps of its answer: HMAC-SHA256 under the server secret of the id and the answer in lower case. */
export function captchaAnswerHash(key: Buffer, id: string, answer: string): string {
  return createHmac('sha256', key).update(`${id}:${answer.trim().toLowerCase()}`).digest('hex');
}

export interface CaptchaOptions {
  /** The server secret (lib/server-secret.ts): the key of the answers' hashes. */
  key: Buffer;
  now?: () => Date;
  /**
   * Test-only: told each captcha's answer as it is made, as a person reads the picture. Only the tests' buildApp
   * passes it (test/helpers.ts); nothing in the configuration or the environment can set it.
   */
  onCreated?: (captchaId: string, answer: string) => void;
}

/**
 * Picture captchas (docs/sso.md, docs/security.md): single use, CAPTCHA_TTL_MS, compared case-insensitively. The
 * answer is kept as HMAC-SHA256(key, id:answer), never in clear, and compared in constant time; an address gets at most
 * CAPTCHA_PER_ADDRESS_PER_MINUTE a minute, counted from the rows under an advisory lock per address (the pattern of
 * the other database limits), so the limit holds across any number of server processes.
 */
export function createCaptchas(db: Db, { key, now = () => new Date(), onCreated }: CaptchaOptions) {
  const hash = (id: string, answer: string) => captchaAnswerHash(key, id, answer);

  async function create(ip: string) {
    const c = svgCaptcha.create({
      size: CAPTCHA_LENGTH,
      charPreset: CAPTCHA_CHARS,
      noise: 3,
      color: true,
      background: '#f2f6fc',
      width: 120,
      height: 40,
    });
    const id = randomUUID();
    const at = now();
    await db.transaction(async (tx) => {
      await repo.lockCaptchaAddress(tx, ip);
      if (
        (await repo.countCaptchasSince(tx, ip, new Date(at.getTime() - CAPTCHA_WINDOW_MS))) >=
        CAPTCHA_PER_ADDRESS_PER_MINUTE
      ) {
        throw new AppError('RATE_LIMITED');
      }
      await repo.insertCaptcha(tx, {
        id,
        answerHash: hash(id, c.text),
        ip,
        createdAt: at,
        expiresAt: new Date(at.getTime() + CAPTCHA_TTL_MS),
      });
    });
    onCreated?.(id, c.text.toLowerCase());
    return { captchaId: id, image: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}` };
  }

  /** Uses the captcha up, right or wrong (one try per picture), and says what is wrong with it. */
  async function problem(
    on: DbOrTx,
    id: string | undefined,
    code: string | undefined,
  ): Promise<'CAPTCHA_REQUIRED' | 'CAPTCHA_INVALID' | null> {
    if (!id || !code) return 'CAPTCHA_REQUIRED';
    const stored = await repo.consumeCaptcha(on, id, now());
    if (!stored) return 'CAPTCHA_INVALID';
    const given = Buffer.from(hash(id, code), 'hex');
    const kept = Buffer.from(stored, 'hex');
    return kept.length === given.length && timingSafeEqual(kept, given) ? null : 'CAPTCHA_INVALID';
  }

  /** As problem, throwing it (with captchaRequired, for the forms). */
  async function check(on: DbOrTx, id: string | undefined, code: string | undefined) {
    const found = await problem(on, id, code);
    if (found) throw new AppError(found, undefined, { data: { captchaRequired: true } });
  }

  return { create, problem, check };
}

export type Captchas = ReturnType<typeof createCaptchas>;
