import type { Dayjs } from 'dayjs';
import {
  HELP_NEEDS_AMOUNT,
  HELP_NEEDS_DUE_DATE,
  HELP_TYPES,
  type HelpType,
  type ShelterApplyRequest,
  type ShelterDraft,
  type ShelterDraftContent,
  type ShelterMeasureRequest,
  type ShelterUserAction,
} from '@phjr/contract/shelter/shelter';

/**
 * The shelter screens' pure rules (docs/shelter.md), kept out of the components so that a unit test reads them: which
 * fields a measure of help asks for (the contract's lists, never copied), and how the forms become requests.
 */

/** The fields of the "record help" form a help type shows, in order (the contract's superRefine asks for the same). */
export type MeasureField = 'amount' | 'rateChangeBp' | 'newDueDate' | 'penaltyWaived';

export function measureFields(type: HelpType | undefined): MeasureField[] {
  if (!type) return [];
  const out: MeasureField[] = [];
  if (HELP_NEEDS_AMOUNT.includes(type)) out.push('amount');
  if (type === 'RATE_RELIEF') out.push('rateChangeBp');
  if (HELP_NEEDS_DUE_DATE.includes(type)) out.push('newDueDate');
  if (type === 'PENALTY_WAIVER') out.push('penaltyWaived');
  return out;
}

export interface MeasureValues {
  type?: HelpType;
  amount?: number | null;
  rateChangeBp?: number | null;
  newDueDate?: Dayjs | null;
  penaltyWaived?: number | null;
  givenOn?: Dayjs | null;
  note?: string;
}

const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);
const num = (n: number | null | undefined) => (n === null || n === undefined ? undefined : n);
const text = (s: string | undefined) => (s?.trim() ? s.trim() : undefined);

/** The measure request: only the fields of its type travel (a value left in a hidden field is not sent). */
export function measureRequest(caseId: number, v: MeasureValues): ShelterMeasureRequest {
  const fields = measureFields(v.type);
  return {
    caseId,
    type: v.type as HelpType,
    ...(fields.includes('amount') ? { amount: num(v.amount) } : {}),
    ...(fields.includes('rateChangeBp') ? { rateChangeBp: num(v.rateChangeBp) } : {}),
    ...(fields.includes('newDueDate') ? { newDueDate: day(v.newDueDate) } : {}),
    ...(fields.includes('penaltyWaived') ? { penaltyWaived: num(v.penaltyWaived) } : {}),
    givenOn: day(v.givenOn) as string,
    note: text(v.note),
  };
}

/** A loan row of the application form: a bank of the list (`bank:<id>`) or a bank named freely. */
export interface LoanRow {
  /** `org` a bank on the platform, `name` another. */
  kind?: 'org' | 'name';
  bankOrgId?: number;
  bankName?: string;
  amount?: number | null;
  dueDate?: Dayjs | null;
}

export interface ApplyValues {
  industry?: string;
  cause?: string;
  difficultySince?: Dayjs | null;
  expectedRecovery?: string;
  loans?: LoanRow[];
  /** The help types ticked. */
  helpTypes?: HelpType[];
  /** The amount asked per help type (optional). */
  helpAmounts?: Partial<Record<HelpType, number | null>>;
  contactName?: string;
  contactPhone?: string;
  attachmentIds?: string[];
  publicOnRecovery?: boolean;
}

/** The application request from the form (help types in the contract's order, each with its amount when given). */
export function applyRequest(v: ApplyValues): ShelterApplyRequest {
  const ticked = new Set(v.helpTypes ?? []);
  return {
    industry: v.industry as ShelterApplyRequest['industry'],
    cause: (v.cause ?? '').trim(),
    difficultySince: day(v.difficultySince) as string,
    expectedRecovery: (v.expectedRecovery ?? '').trim(),
    loans: (v.loans ?? []).map((l) => ({
      ...(l.kind === 'name' ? { bankName: l.bankName?.trim() } : { bankOrgId: l.bankOrgId }),
      amount: l.amount as number,
      dueDate: day(l.dueDate) as string,
    })),
    helpAsked: HELP_TYPES.filter((h) => ticked.has(h)).map((type) => {
      const amount = num(v.helpAmounts?.[type]);
      return amount === undefined ? { type } : { type, amount };
    }),
    contactName: (v.contactName ?? '').trim(),
    contactPhone: (v.contactPhone ?? '').trim(),
    attachmentIds: v.attachmentIds ?? [],
    publicOnRecovery: v.publicOnRecovery ?? false,
  };
}

/**
 * The form as a draft: every field as far as it is filled (a draft may be half written), nothing made up; the server
 * keeps it within the contract's bounds and checks the application's rules only when it is submitted.
 */
export function draftContent(v: ApplyValues): ShelterDraftContent {
  const ticked = new Set(v.helpTypes ?? []);
  const text = (s: string | undefined) => (s?.trim() ? s.trim() : undefined);
  return {
    industry: (v.industry || undefined) as ShelterDraftContent['industry'],
    cause: text(v.cause),
    difficultySince: day(v.difficultySince),
    expectedRecovery: text(v.expectedRecovery),
    loans: (v.loans ?? []).map((l) => ({
      ...(l.kind === 'name' ? { bankName: text(l.bankName) } : { bankOrgId: l.bankOrgId }),
      amount: num(l.amount),
      dueDate: day(l.dueDate),
    })),
    helpAsked: HELP_TYPES.filter((h) => ticked.has(h)).map((type) => {
      const amount = num(v.helpAmounts?.[type]);
      return amount === undefined ? { type } : { type, amount };
    }),
    contactName: text(v.contactName),
    contactPhone: text(v.contactPhone),
    attachmentIds: v.attachmentIds ?? [],
    publicOnRecovery: v.publicOnRecovery ?? false,
  };
}

/** A saved draft as the form's values (`toDay` makes the pickers' day values). */
export function draftValues(d: ShelterDraft, toDay: (s: string) => Dayjs): ApplyValues {
  const c = d.content;
  return {
    industry: c.industry,
    cause: c.cause,
    difficultySince: c.difficultySince ? toDay(c.difficultySince) : undefined,
    expectedRecovery: c.expectedRecovery,
    loans: (c.loans ?? []).map((l) => ({
      kind: l.bankName !== undefined ? 'name' : 'org',
      bankOrgId: l.bankOrgId,
      bankName: l.bankName,
      amount: l.amount ?? null,
      dueDate: l.dueDate ? toDay(l.dueDate) : null,
    })),
    helpTypes: (c.helpAsked ?? []).map((h) => h.type),
    helpAmounts: Object.fromEntries(
      (c.helpAsked ?? []).filter((h) => h.amount !== undefined).map((h) => [h.type, h.amount]),
    ),
    contactName: c.contactName,
    contactPhone: c.contactPhone,
    attachmentIds: c.attachmentIds,
    publicOnRecovery: c.publicOnRecovery ?? false,
  };
}

/** Basis points as a signed text: -50 → "-50bp (-0.50%)". */
export function formatBp(bp: number | null | undefined): string {
  if (bp === null || bp === undefined) return '-';
  const sign = bp > 0 ? '+' : '';
  return `${sign}${Number.isInteger(bp) ? bp : bp.toFixed(1)}bp (${sign}${(bp / 100).toFixed(2)}%)`;
}

/** Actions that end or refuse something: red buttons. */
export const DANGER_ACTIONS: readonly ShelterUserAction[] = ['refuse', 'withdraw'];

/** Actions done from the bank's measure form rather than the action dialog. */
export const isMeasureAction = (a: ShelterUserAction) => a === 'recordHelp';

/** A whole positive id from the address, else null. */
export function idParam(raw: string | null): number | null {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : null;
}
