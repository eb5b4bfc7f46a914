import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from './eslint-rules/boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-bench/**',
      '.bench-data/**',
      '**/node_modules/**',
      'data/**',
      '.tmp/**',
      '**/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // Issue 12: features do not import each other; modules do not import each other's repositories (eslint-rules/).
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    plugins: { boundaries },
    rules: { 'boundaries/no-cross-feature-import': 'error' },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    plugins: { boundaries },
    rules: { 'boundaries/no-foreign-repo-import': 'error' },
  },
  // Issue 13: every business day is a Beijing day whatever the browser's zone. The web reads "now" and shows dates
  // through lib/format.ts and picks them with lib/beijing-date-picker.ts, never the browser's calendar.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/format.ts', 'apps/web/src/lib/beijing-date-picker.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'antd',
              importNames: ['DatePicker'],
              message: "BeijingDatePicker (lib/beijing-date-picker.ts): antd's picks the browser's today.",
            },
            {
              name: 'react-router',
              importNames: ['useSearchParams'],
              message: "useSearchParams (lib/search-params.ts): react-router's drops a change not yet drawn.",
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='dayjs'][arguments.length=0]",
          message: "The browser's now: beijingToday()/beijingNowValue() (lib/format.ts), or Date.now() for an instant.",
        },
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message:
            "The browser's now: Date.now() for an instant, beijingDay()/beijingYear() (lib/format.ts) for a calendar day.",
        },
        {
          selector:
            'CallExpression[callee.property.name=/^(getFullYear|getMonth|getDate|getDay|getHours|getMinutes|toLocaleDateString|toLocaleTimeString)$/]',
          message:
            "A date in the browser's zone: formatDate/formatDateTime/beijingDayjs (lib/format.ts) show Beijing time.",
        },
      ],
    },
  },
  // The one place that wraps react-router's useSearchParams.
  {
    files: ['apps/web/src/lib/search-params.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
