import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@phjr/contract/files/upload';
import { ZSaveProductRequest } from '@phjr/contract/products/manage';
import {
  chainIdsOf,
  chainIdsText,
  chainOptions,
  logoProblem,
} from '../src/features/products/components/product-chains.ts';
import { readFilters } from '../src/features/products/components/use-product-params.ts';

/** Issue 13 point 2: the supermarket's chain filter in the URL, the chain options of a select, the logo's pre-check. */
describe('the chain filter in the URL', () => {
  it('reads industrialChainIds=1,2 as ids, once each, and writes them back (none: the parameter goes)', () => {
    expect(chainIdsOf(readFilters(new URLSearchParams('industrialChainIds=3,1,3')).industrialChainIds)).toEqual([3, 1]);
    expect(chainIdsOf(undefined)).toEqual([]);
    // Malformed values never reach the select (readFilters drops them).
    expect(readFilters(new URLSearchParams('industrialChainIds=1,,x')).industrialChainIds).toBeUndefined();
    expect(chainIdsText([2, 5, 2])).toBe('2,5');
    expect(chainIdsText([])).toBeUndefined();
  });
});

describe('chain options', () => {
  it('lists the active chains, then a chosen id that is not one of them, so it can be seen and removed', () => {
    const chains = [
      { id: 1, name: '茶叶产业链' },
      { id: 2, name: '柑橘产业链' },
    ];
    expect(chainOptions(chains, [2, 9], (id) => `#${id}`)).toEqual([
      { value: 1, label: '茶叶产业链' },
      { value: 2, label: '柑橘产业链' },
      { value: 9, label: '#9' },
    ]);
    expect(chainOptions([], [], String)).toEqual([]);
  });
});

describe('the logo', () => {
  it('is refused before sending when it is not an image the server publishes, or too big', () => {
    expect(logoProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(logoProblem({ type: 'image/webp', size: MAX_UPLOAD_BYTES })).toBeNull();
    expect(logoProblem({ type: 'application/pdf', size: 1000 })).toBe('type');
    expect(logoProblem({ type: 'image/svg+xml', size: 1000 })).toBe('type');
    expect(logoProblem({ type: 'image/png', size: MAX_UPLOAD_BYTES + 1 })).toBe('size');
  });

  it('goes to the server as a file id, never as a free address', () => {
    const base = {
      name: '惠农贷',
      loanType: 'CREDIT',
      guaranteeMethods: ['CREDIT'],
      amountMin: 1,
      amountMax: 10,
      termMin: 1,
      termMax: 12,
      rateMin: 3,
      rateMax: 5,
      customerTypes: ['FARMER'],
      regionCodes: ['999900'],
      features: '纯信用',
      conditions: '有',
      materials: '有',
      contactName: '张经理',
      contactPhone: '0999-6123456',
    };
    expect(ZSaveProductRequest.safeParse({ ...base, logoFileId: 'AbCdEfGhIjKlMnOpQrStUvWx' }).success).toBe(true);
    expect(ZSaveProductRequest.parse(base).logoFileId).toBeNull();
    expect(ZSaveProductRequest.safeParse({ ...base, logoFileId: 'https://evil.example/x.png' }).success).toBe(false);
    expect(
      ZSaveProductRequest.safeParse({ ...base, logo: '/zscms/files/view.json?id=AbCdEfGhIjKlMnOpQrStUvWx' }).success,
    ).toBe(false);
  });
});
