import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { HELP_TYPES, ZShelterApplyRequest, ZShelterMeasureRequest } from '@phjr/contract/shelter/shelter';
import {
  applyRequest,
  formatBp,
  measureFields,
  measureRequest,
} from '../src/features/shelter/components/shelter-model.ts';

/** The shelter screens' pure rules (features/shelter/components/shelter-model.ts) against the contract. */
describe('shelter measure form', () => {
  it('asks each help type for exactly the fields the contract requires of it', () => {
    expect(measureFields('NEW_CREDIT')).toEqual(['amount']);
    expect(measureFields('EXTENSION')).toEqual(['amount', 'newDueDate']);
    expect(measureFields('RENEWAL_NO_PRINCIPAL')).toEqual(['amount']);
    expect(measureFields('RATE_RELIEF')).toEqual(['rateChangeBp']);
    expect(measureFields('REPAYMENT_PLAN')).toEqual(['newDueDate']);
    expect(measureFields('PENALTY_WAIVER')).toEqual(['penaltyWaived']);
    expect(measureFields(undefined)).toEqual([]);
  });

  it('builds, for every type with its fields filled, a request the contract accepts; without them one it refuses', () => {
    const filled = {
      amount: 120,
      rateChangeBp: -35,
      newDueDate: dayjs('2027-06-30'),
      penaltyWaived: 1.5,
      givenOn: dayjs('2026-01-05'),
      note: '  ',
    };
    for (const type of HELP_TYPES) {
      const body = measureRequest(7, { ...filled, type });
      expect(ZShelterMeasureRequest.safeParse(body).success, type).toBe(true);
      // Only the type's own fields travel: a value left in a hidden field is not sent.
      const sent = Object.keys(body).filter((k) =>
        ['amount', 'rateChangeBp', 'newDueDate', 'penaltyWaived'].includes(k),
      );
      expect(sent.sort(), type).toEqual([...measureFields(type)].sort());
      expect(body.note).toBeUndefined();
      const bare = measureRequest(7, { type, givenOn: dayjs('2026-01-05') });
      expect(ZShelterMeasureRequest.safeParse(bare).success, `${type} without its fields`).toBe(false);
    }
  });
});

describe('shelter application form', () => {
  it('turns the form into the contract request: loans by bank or by name, help in the contract order with amounts when given', () => {
    const body = applyRequest({
      industry: 'AGRICULTURE',
      cause: '  受持续干旱影响，茶园减产近四成。 ',
      difficultySince: dayjs('2026-09-01'),
      expectedRecovery: '2027-06',
      loans: [
        { kind: 'org', bankOrgId: 12, bankName: 'left over', amount: 150, dueDate: dayjs('2027-02-01') },
        { kind: 'name', bankOrgId: 99, bankName: ' 外地农商银行 ', amount: 30.5, dueDate: dayjs('2027-03-01') },
      ],
      helpTypes: ['NEW_CREDIT', 'EXTENSION'],
      helpAmounts: { NEW_CREDIT: 300, RATE_RELIEF: 10 },
      contactName: '杨云岭',
      contactPhone: '13920000205',
      attachmentIds: [],
      publicOnRecovery: true,
    });
    expect(body.loans).toEqual([
      { bankOrgId: 12, amount: 150, dueDate: '2027-02-01' },
      { bankName: '外地农商银行', amount: 30.5, dueDate: '2027-03-01' },
    ]);
    expect(body.helpAsked).toEqual([{ type: 'EXTENSION' }, { type: 'NEW_CREDIT', amount: 300 }]);
    expect(body.cause).toBe('受持续干旱影响，茶园减产近四成。');
    expect(ZShelterApplyRequest.safeParse(body).success).toBe(true);
  });

  it('shows basis points with their percentage', () => {
    expect(formatBp(-50)).toBe('-50bp (-0.50%)');
    expect(formatBp(25)).toBe('+25bp (+0.25%)');
    expect(formatBp(-33.3)).toBe('-33.3bp (-0.33%)');
    expect(formatBp(null)).toBe('-');
  });
});
