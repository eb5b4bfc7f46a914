import { ENUM_CATALOG } from '../system/enum-catalog.ts';

/**
 * What an in-site message says, as data (issue 30, item 7): each message carries a `kind` from this catalogue and its
 * `params`; the web words it in the reader's language (locales platform.ts `messageKinds`), and falls back to the
 * Chinese title and content the server also stores (old rows, a kind the web does not know). SMS stays Chinese: its
 * templates are the ones registered with the carrier (decision record 0033).
 *
 * Each kind lists its params and how the web shows each value:
 * - `text`: as sent (names, codes, free text a person wrote, stay in the language they were written in);
 * - `number`: a number (amounts in 万元, rates in %, months, minutes);
 * - `day`: a Beijing day, YYYY-MM-DD;
 * - `list`: several names, joined with the language's separator;
 * - `enum:<Name>`: a code of ENUM_CATALOG[<Name>], shown by its name in the reader's language.
 * A trailing `?` means the value may be null: the web then says the param's own `none` wording, and wraps a present
 * value in its `some` wording (locales platform.ts `messageParams.<param>`), so one param name reads the same in every kind.
 */
export type MessageParamSpec =
  'text' | 'number' | 'day' | 'list' | `enum:${string}` | `${'text' | 'number' | 'day' | 'list'}?`;

export const MESSAGE_KINDS = {
  // ---- demands: the applicant
  'demand.submitted': { demandNo: 'text', org: 'text?', deadline: 'day?' },
  'demand.accepted': { demandNo: 'text', org: 'text' },
  'demand.granted': {
    demandNo: 'text',
    org: 'text',
    amount: 'number',
    rate: 'number',
    term: 'number',
    grantedAt: 'day',
  },
  'demand.rejected': { demandNo: 'text', org: 'text', rejectCode: 'enum:RejectCode', detail: 'text?' },
  'demand.withdrawn': { demandNo: 'text', reason: 'text?' },
  'demand.expired': { demandNo: 'text' },
  'demand.reassigned': { demandNo: 'text', org: 'text' },
  'demand.pooled': { demandNo: 'text' },
  /** A step of a demand's history told in one sentence (the demo's history: its steps happened before the messages). */
  'demand.statusChanged': { demandNo: 'text', status: 'enum:DemandStatus', reason: 'text?' },
  'demand.guaranteeAccepted': { demandNo: 'text', org: 'text' },
  'demand.guaranteed': { demandNo: 'text', org: 'text', amount: 'number' },
  'demand.handedToBank': { demandNo: 'text', org: 'text' },
  // ---- demands: the institution that has to act
  'demand.targeted': { applicant: 'text', demandNo: 'text', amount: 'number', deadline: 'day?' },
  'demand.guaranteeRequested': { applicant: 'text', demandNo: 'text', amount: 'number', deadline: 'day?' },
  'demand.withdrawnByApplicant': { applicant: 'text', demandNo: 'text', reason: 'text?' },
  'demand.assigned': { demandNo: 'text', applicant: 'text', amount: 'number', deadline: 'day?' },
  'demand.handedOver': { demandNo: 'text', applicant: 'text', amount: 'number', deadline: 'day?' },
  'demand.dispatched': { demandNo: 'text', applicant: 'text', amount: 'number', deadline: 'day?' },
  'demand.urged': { supervisor: 'text?', demandNo: 'text', status: 'enum:DemandStatus', text: 'text' },
  'demand.acceptDeadlineNear': { demandNo: 'text', applicant: 'text', amount: 'number', deadline: 'day?' },
  'demand.decideDeadlineNear': { demandNo: 'text', applicant: 'text', amount: 'number', deadline: 'day?' },
  // ---- demands: the district's supervisors
  'demand.overdue': { demandNo: 'text', applicant: 'text', amount: 'number' },
  // ---- shelter: the enterprise
  'shelter.submitted': { caseNo: 'text' },
  'shelter.reviewing': { caseNo: 'text' },
  'shelter.admitted': { caseNo: 'text', leadBank: 'text', helperBanks: 'list?' },
  'shelter.refused': { caseNo: 'text', why: 'text' },
  'shelter.withdrawn': { caseNo: 'text', reason: 'text?' },
  'shelter.exited': { caseNo: 'text', outcome: 'enum:ShelterExitOutcome', detail: 'text?' },
  'shelter.helped': {
    caseNo: 'text',
    help: 'enum:ShelterHelp',
    amount: 'number?',
    rateUp: 'number?',
    rateDown: 'number?',
    newDueDate: 'day?',
    penaltyWaived: 'number?',
    givenOn: 'day',
  },
  // ---- shelter: the banks and the supervisors
  'shelter.bankAssigned': { enterprise: 'text', caseNo: 'text', role: 'enum:ShelterBankRole' },
  'shelter.urged': { supervisor: 'text?', enterprise: 'text', caseNo: 'text', text: 'text' },
  'shelter.applied': { enterprise: 'text', caseNo: 'text' },
  // ---- chains
  'chain.claim.lapsing': { chain: 'text', enterprise: 'text', until: 'day' },
  // ---- products
  'product.approved': { product: 'text' },
  'product.rejected': { product: 'text', why: 'text' },
  'product.delisted': { product: 'text' },
  'product.submitted': { provider: 'text?', product: 'text' },
  // ---- credit
  'credit.queried': { institution: 'text?', user: 'text', day: 'day', purpose: 'enum:CreditPurpose' },
  'credit.queryRefused': { institution: 'text?', user: 'text', day: 'day', purpose: 'enum:CreditPurpose' },
  'credit.consentGiven': { subject: 'text', purpose: 'enum:CreditPurpose', expiresOn: 'day' },
  'credit.consentRevoked': { subject: 'text', purpose: 'enum:CreditPurpose' },
  // ---- accounts
  /** The first message of every account. */
  'account.welcome': {},
  'password.locked': { username: 'text', count: 'number', minutes: 'number' },
} as const satisfies Record<string, Record<string, MessageParamSpec>>;

export type MessageKind = keyof typeof MESSAGE_KINDS;
export type MessageParamValue = string | number | string[] | null;
/** The params of one kind: exactly its names (a misspelt or missing one fails the typecheck). */
export type MessageParamsOf<K extends MessageKind> = { [P in keyof (typeof MESSAGE_KINDS)[K]]: MessageParamValue };

/** What a message says as data: its kind and that kind's params. */
export type MessageBody = { [K in MessageKind]: { kind: K; params: MessageParamsOf<K> } }[MessageKind];

export const isMessageKind = (k: unknown): k is MessageKind => typeof k === 'string' && Object.hasOwn(MESSAGE_KINDS, k);

/** The enum an `enum:<Name>` spec names, checked against ENUM_CATALOG (a unit test walks every kind). */
export function enumOfSpec(spec: MessageParamSpec): string | null {
  return spec.startsWith('enum:') ? spec.slice(5) : null;
}
export const knownEnum = (name: string) => Object.hasOwn(ENUM_CATALOG, name);
