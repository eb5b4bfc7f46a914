import { theme as antdTheme, type ThemeConfig } from 'antd';

/**
 * The one visual language of UI.md, as antd tokens. Set once in the app's ConfigProvider (providers.tsx); pages
 * never set colours of their own. The dashboard layout derives its dark variant from the same tokens.
 */
export const BRAND = {
  primary: '#1456d9',
  /** The one warm accent, for highlights (figures, the active navigation mark). */
  accent: '#d4380d',
  /** Deep navy of the client side menu, the portal footer and the dashboard. */
  navy: '#0b1f44',
  navyDeep: '#071530',
  pageBg: '#f4f6fa',
} as const;

export const FONT_FAMILY = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"PingFang SC"',
  '"Microsoft YaHei"',
  '"Noto Sans CJK SC"',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(', ');

export const appTheme: ThemeConfig = {
  // One antd version in the app: unhashed class names keep the generated styles smaller.
  hashed: false,
  // antd's component styles come from its prebuilt stylesheet (antd/dist/antd.css, imported first in main.tsx), not
  // generated in the browser on every page load: a client page loads in about two thirds of the time (decision record
  // 0035). The tokens above still apply: the stylesheet reads them as CSS variables the ConfigProvider sets.
  zeroRuntime: true,
  token: {
    colorPrimary: BRAND.primary,
    colorLink: BRAND.primary,
    colorInfo: BRAND.primary,
    borderRadius: 6,
    fontFamily: FONT_FAMILY,
    colorBgLayout: BRAND.pageBg,
    // WCAG 2.1 AA (UI.md): antd's third grey (#8c8c8c, descriptions, breadcrumbs, table sorters), its placeholder grey
    // (#bfbfbf) and its error red (#ff4d4f, form messages and danger buttons) read at 1.8-3.4:1 on white. These read at
    // 5.7, 4.9 and 5.6:1 on white, and above 4.5:1 on the page's grey.
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    colorError: '#cf1322',
    // Status text (Typography type="success" / "warning", status tags): antd's green 7 and gold 7 read at 3.5 and 2.9:1.
    colorSuccessText: '#237804',
    colorWarningText: '#ad4e00',
  },
  components: {
    Layout: {
      siderBg: BRAND.navy,
      triggerBg: BRAND.navyDeep,
      headerBg: '#ffffff',
      headerHeight: 56,
      headerPadding: '0 24px',
      bodyBg: BRAND.pageBg,
    },
    Menu: {
      darkItemBg: BRAND.navy,
      darkSubMenuItemBg: BRAND.navyDeep,
      darkItemSelectedBg: BRAND.primary,
      darkPopupBg: BRAND.navy,
    },
  },
};

/**
 * Elder mode (长辈模式, lib/elder-mode.ts; decision record 0037), on top of the tokens above: body text 18 px (antd derives
 * its small 16 px and its headings from it), looser lines, controls 44 px tall (small ones 33 px), stronger greys
 * and no motion. The hand-written styles follow through the root's font size (global.css `.phjr-elder`).
 */
export const elderTokens: NonNullable<ThemeConfig['token']> = {
  fontSize: 18,
  lineHeight: 1.7,
  controlHeight: 44,
  colorText: 'rgba(0, 0, 0, 0.92)',
  colorTextSecondary: 'rgba(0, 0, 0, 0.8)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.72)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.64)',
  motion: false,
};

/** The dark variant used inside the full-screen achievement display. */
export const dashboardTheme: ThemeConfig = {
  algorithm: antdTheme.darkAlgorithm,
  token: {
    colorPrimary: '#3c8cff',
    colorBgContainer: 'rgba(16, 44, 96, 0.55)',
    colorBgLayout: BRAND.navyDeep,
    colorBorderSecondary: 'rgba(92, 160, 255, 0.25)',
  },
};
