import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

/** Only the adapter folder may import Electron; everything else is plain, testable TypeScript. */
export const electronImportRule = {
  'no-restricted-imports': [
    'error',
    {
      paths: [
        { name: 'electron', message: 'Only src/main/electron/ (and the preload) may import electron. Inject a port instead.' },
        { name: 'electron-store', message: 'electron-store imports electron: open stores through the OpenStore port.' }
      ]
    }
  ]
}

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', '.tmp/**', 'test/fixtures/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }]
    }
  },
  {
    files: ['src/main/**/*.ts', 'src/shared/**/*.ts', 'src/cli/**/*.ts', 'src/renderer/**/*.{ts,tsx}'],
    ignores: ['src/main/electron/**'],
    rules: electronImportRule
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules }
  },
  {
    files: ['scripts/**/*.ts', 'reference-service/src/main.ts', 'src/cli/**/*.ts'],
    rules: { 'no-console': 'off' }
  }
)
