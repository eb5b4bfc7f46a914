import { describe, expect, it } from 'vitest';
import { isAllowedRedirect } from '../../src/modules/system/settings.service.ts';

const LIST = ['https://hall.example.gov.cn/', 'https://sub.example.gov.cn/portal/'];

describe('isAllowedRedirect', () => {
  it.each([
    ['https://hall.example.gov.cn/home', true],
    ['https://hall.example.gov.cn/', true],
    ['https://sub.example.gov.cn/portal/home', true],
    ['https://sub.example.gov.cn/portal', true],
    ['https://sub.example.gov.cn/portalx', false],
    ['https://sub.example.gov.cn/other', false],
    ['http://hall.example.gov.cn/home', false],
    ['https://hall.example.gov.cn:8443/home', false],
    ['https://hall.example.gov.cn.evil.com/home', false],
    ['https://evil.com/https://hall.example.gov.cn/', false],
    ['https://user@hall.example.gov.cn/home', false],
    ['//hall.example.gov.cn/home', false],
    ['javascript:alert(1)', false],
    ['not a url', false],
  ])('%s -> %s', (url, allowed) => {
    expect(isAllowedRedirect(url, LIST)).toBe(allowed);
  });
});
