import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'bench/out/**', 'node_modules/**', 'viewer/dist/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', URL: 'readonly', AbortController: 'readonly', AbortSignal: 'readonly', performance: 'readonly', Buffer: 'readonly', TextEncoder: 'readonly', TextDecoder: 'readonly', structuredClone: 'readonly', queueMicrotask: 'readonly', setImmediate: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', fetch: 'readonly', Response: 'readonly', Request: 'readonly', Headers: 'readonly' } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'Use the seeded Rng from src/core/rng.' }],
    },
  },
  {
    // The trace viewer runs in the browser.
    files: ['viewer/src/**/*.ts'],
    languageOptions: { globals: Object.fromEntries(['window', 'document', 'location', 'history', 'Node', 'Element', 'HTMLElement', 'HTMLInputElement', 'HTMLButtonElement', 'SVGElement', 'HTMLElementTagNameMap', 'URLSearchParams', 'KeyboardEvent'].map((g) => [g, 'readonly'])) },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/cli/**', '**/*.test.ts'],
    rules: { 'no-console': 'error' },
  },
);
