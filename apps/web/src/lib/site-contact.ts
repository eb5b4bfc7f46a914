/**
 * Demo contact details of the fictional operator (PRODUCT.md 13: everything here is demonstration data): the portal's
 * footer, the sections' side panels, and the captcha's help for a reader who cannot read the picture.
 */
export const SITE_CONTACT = {
  hotline: '0570-12345',
  email: 'service@phjr.example.com',
} as const;
