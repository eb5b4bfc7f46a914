import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { ZShelterDraftContent } from '@phjr/contract/shelter/shelter';
import { draftContent, draftValues } from '../src/features/shelter/components/shelter-model.ts';

/** The shelter draft's form mapping (shelter-model.ts draftContent, draftValues) against the contract's draft schema. */
describe('shelter draft form', () => {
  it('saves a half-written form as a draft the contract accepts, sending only what is filled', () => {
    const body = draftContent({
      cause: '  订单 ',
      helpTypes: ['NEW_CREDIT', 'EXTENSION'],
      helpAmounts: { NEW_CREDIT: 200, EXTENSION: null },
      loans: [{ kind: 'org' }],
      contactName: ' ',
    });
    expect(ZShelterDraftContent.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      cause: '订单',
      industry: undefined,
      contactName: undefined,
      difficultySince: undefined,
    });
    // Help types in the contract's order, each with its amount only when given.
    expect(body.helpAsked).toEqual([{ type: 'EXTENSION' }, { type: 'NEW_CREDIT', amount: 200 }]);
    expect(body.loans).toEqual([{ bankOrgId: undefined, amount: undefined, dueDate: undefined }]);
    expect(ZShelterDraftContent.safeParse(draftContent({})).success).toBe(true);
  });

  it('reopens a saved draft as the same form values', () => {
    const values = {
      industry: 'MANUFACTURING',
      cause: '订单延迟',
      difficultySince: dayjs('2026-08-01'),
      expectedRecovery: '2027-06',
      loans: [
        { kind: 'name' as const, bankName: '外地银行', amount: 300, dueDate: dayjs('2026-12-31') },
        { kind: 'org' as const, bankOrgId: 7, amount: null, dueDate: null },
      ],
      helpTypes: ['EXTENSION' as const, 'RATE_RELIEF' as const],
      helpAmounts: { EXTENSION: 300 },
      contactName: '李草稿',
      contactPhone: '13912345678',
      attachmentIds: ['f'.repeat(24)],
      publicOnRecovery: true,
    };
    const content = ZShelterDraftContent.parse(draftContent(values));
    const back = draftValues({ content, attachments: [], savedAt: '2026-11-28T00:00:00Z', actions: ['discard'] }, (d) =>
      dayjs(d),
    );
    expect(back.difficultySince?.format('YYYY-MM-DD')).toBe('2026-08-01');
    expect(back.loans?.map((l) => ({ ...l, dueDate: l.dueDate?.format('YYYY-MM-DD') ?? null }))).toEqual([
      { kind: 'name', bankOrgId: undefined, bankName: '外地银行', amount: 300, dueDate: '2026-12-31' },
      { kind: 'org', bankOrgId: 7, bankName: undefined, amount: null, dueDate: null },
    ]);
    expect(back).toMatchObject({
      industry: 'MANUFACTURING',
      cause: '订单延迟',
      helpTypes: ['EXTENSION', 'RATE_RELIEF'],
      helpAmounts: { EXTENSION: 300 },
      contactName: '李草稿',
      publicOnRecovery: true,
    });
  });
});
