// ESLint flat config: typescript-eslint recommended + react-hooks, for the site, the
// tests and the build scripts. `npm test` runs `eslint . --max-warnings 0`.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/pkg/',
    '**/target/',
    '.tools/',
    'test-results/',
    'bench-results/',
    'coverage/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // The site runs in browsers and workers only.
    files: ['web/src/**'],
    languageOptions: { globals: { ...globals.browser, ...globals.worker } },
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*'], message: 'web/src runs in the browser.' }] }],
      'no-restricted-globals': ['error', 'process', 'Buffer', 'require', '__dirname', '__filename'],
    },
  },
  {
    // The service worker template, copied into the build as sw.js (not bundled).
    files: ['web/src/offline/sw.js'],
    languageOptions: { sourceType: 'script', globals: globals.serviceworker },
  },
  {
    files: ['scripts/**', 'tests/**', '*.config.{js,ts,mjs}', 'web/*.config.{js,ts,mjs}', '.ci/**'],
    languageOptions: { globals: globals.node },
  },
);
