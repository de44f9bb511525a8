import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import jsxA11y from 'eslint-plugin-jsx-a11y-x'
import globals from 'globals'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { folderLayout, isFeatureFolder, mainFolders } from './eslint/folder-layout.js'

const electron = [
  { name: 'electron', message: 'Only src/main/electron/ (and the preload) may import electron. Inject a port instead.' },
  { name: 'electron-store', message: 'electron-store imports electron: open stores through the OpenStore port.' }
]
const layer = (what, message) => ({ group: what, message })
const NOT_MAIN = layer(['**/main/*', '**/main/**'], 'Main-process code stays in main: share it through src/shared or the bridge.')
const NOT_RENDERER = layer(['**/renderer/*', '**/renderer/**'], 'The renderer is reached through the bridge, never imported.')
const NOT_PRELOAD = layer(['**/preload/*', '**/preload/**'], 'The preload is an entry point, not a library.')
const NOT_CLI = layer(['**/cli/*', '**/cli/**'], 'The CLI is an entry point, not a library.')
const NOT_NODE = layer(['node:*'], 'This code also runs in the renderer: no Node built-ins.')

/**
 * The layers, as import rules: src/shared imports nothing of the app; the renderer never imports
 * main; main services never import electron or the renderer; the CLI imports only the facade.
 */
const restricted = (patterns, paths = []) => ({ 'no-restricted-imports': ['error', { paths, patterns }] })
export const layerRules = {
  shared: restricted([NOT_MAIN, NOT_RENDERER, NOT_PRELOAD, NOT_CLI, NOT_NODE], electron),
  renderer: restricted([NOT_MAIN, NOT_PRELOAD, NOT_CLI, NOT_NODE], electron),
  main: restricted([NOT_RENDERER, NOT_PRELOAD, NOT_CLI], electron),
  electronAdapter: restricted([NOT_RENDERER, NOT_PRELOAD, NOT_CLI]),
  cli: restricted(
    [
      { regex: '(^|/)main/(?!headless/)', message: 'The CLI uses the facade in src/main/headless, not main internals.' },
      NOT_RENDERER,
      NOT_PRELOAD
    ],
    electron
  ),
  preload: restricted([NOT_MAIN, NOT_RENDERER, NOT_CLI])
}

/** The feature folders of src/main as they are on disk (see eslint/folder-layout.js). */
const features = readdirSync(join(import.meta.dirname, 'src', 'main'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && isFeatureFolder(entry.name))
  .map((entry) => entry.name)
/** A support folder serves features and imports none of them (so no feature's change reaches it through a helper). */
const NOT_FEATURE = layer(
  features.flatMap((name) => [`../${name}`, `../${name}/*`]),
  'A support folder imports no feature: move what both need into a support folder (eslint/folder-layout.js lists them).'
)
/** The kernel is what features are built on: it knows no feature and no root (kernel/signals.ts holds the payloads they share). */
const NOT_FEATURE_OR_ROOT = layer(
  [...features, ...mainFolders.roots].flatMap((name) => [`../${name}`, `../${name}/*`]),
  'The kernel imports no feature and no root: a type features share goes into src/shared or the kernel (kernel/signals.ts).'
)
/**
 * The window's event stream is one way, main to the renderer: a feature follows another through the
 * kernel's typed signals (`ctx.signals.<name>.on`), never by an event's name.
 */
const NO_EVENT_FOLLOWING = {
  'no-restricted-syntax': [
    'error',
    {
      selector: "CallExpression[callee.property.name=/^(addSink|on)$/][callee.object.property.name='events']",
      message: "A feature follows others through ctx.signals (kernel/signals.ts), not the renderer's event stream."
    },
    {
      selector: "CallExpression[callee.property.name=/^(addSink|on)$/][callee.object.name='events']",
      message: "A feature follows others through ctx.signals (kernel/signals.ts), not the renderer's event stream."
    }
  ]
}

/**
 * A number written with `toFixed` or `toLocaleString` reads in English (or the system's language), whatever the
 * player chose: text goes through the one formatting layer (src/shared/number-text.ts, ui/format.ts) instead.
 */
export const numberTextRule = {
  'no-restricted-syntax': [
    'error',
    {
      selector: 'CallExpression[callee.property.name=/^(toFixed|toLocaleString|toLocaleDateString|toLocaleTimeString)$/]',
      message:
        'Write numbers for players with ui/format.ts, shared/number-text.ts or the CLI’s cliNumbers (the language’s digits), not toFixed.'
    }
  ]
}

/**
 * A dialog answers only its own close and cancel: React passes those of a dialog opened inside it up to it too, so a
 * note saved from a chart's history would close the history as well.
 */
const DIALOG_OWN_EVENTS = {
  selector:
    "JSXOpeningElement[name.name='dialog'] > JSXAttribute[name.name=/^on(Close|Cancel)$/] > JSXExpressionContainer" +
    " > :not(CallExpression[callee.name='ownEvent'])",
  message: "Wrap a <dialog>'s onClose and onCancel in ownEvent (ui/useModal.ts): React passes a nested dialog's up to it."
}

/**
 * Short functions: no function over 80 lines (blank lines and comments aside, immediately invoked ones included). One
 * that is long for a reason says it beside an eslint-disable for the rule (`-- the reason`).
 */
export const functionLengthRule = {
  'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }]
}
/**
 * The code held to short functions: a folder joins with its glob. A longer function says why where it starts
 * (`eslint-disable-next-line max-lines-per-function -- why`).
 */
const shortFunctionFiles = [
  'src/renderer/**/*.{ts,tsx}',
  'src/main/**/*.ts',
  'src/cli/**/*.ts',
  'src/shared/**/*.ts',
  'src/preload/**/*.ts'
]

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', '.tmp/**', 'test/fixtures/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', 'bin/*.js', 'bin/*.cjs', 'eslint/*.js'] },
        tsconfigRootDir: import.meta.dirname
      }
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // `import { type X }` keeps the module as a side-effect import: all of it would load at run time.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'max-len': ['error', { code: 140, tabWidth: 2 }]
    }
  },
  { files: ['src/shared/**/*.ts'], rules: layerRules.shared },
  { files: ['src/main/**/*.ts'], ignores: ['src/main/electron/**'], rules: layerRules.main },
  { files: ['src/main/electron/**/*.ts'], rules: layerRules.electronAdapter },
  {
    files: mainFolders.support.map((name) => `src/main/${name}/**/*.ts`),
    rules: restricted([NOT_RENDERER, NOT_PRELOAD, NOT_CLI, NOT_FEATURE], electron)
  },
  {
    files: mainFolders.kernel.map((name) => `src/main/${name}/**/*.ts`),
    rules: restricted([NOT_RENDERER, NOT_PRELOAD, NOT_CLI, NOT_FEATURE_OR_ROOT], electron)
  },
  {
    files: ['src/main/**/*.ts'],
    plugins: { layout: { rules: { 'feature-folder': folderLayout } } },
    rules: { 'layout/feature-folder': 'error' }
  },
  // The composition root only lists modules (two lines per feature: its import and its construction, plus its place in
  // the list): a feature's logic belongs in its own folder.
  { files: ['src/main/core/create-core.ts'], rules: { 'max-lines': ['error', { max: 90, skipComments: true, skipBlankLines: true }] } },
  { files: ['src/cli/**/*.ts'], rules: layerRules.cli },
  { files: ['src/preload/**/*.ts'], rules: layerRules.preload },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...layerRules.renderer }
  },
  { files: ['src/renderer/**/*.tsx'], ...jsxA11y.configs.recommended },
  // The Node version check runs before anything else, on any old Node: CommonJS, as such a Node reads it.
  { files: ['bin/*.cjs'], languageOptions: { sourceType: 'commonjs' }, rules: { '@typescript-eslint/no-require-imports': 'off' } },
  { files: ['src/renderer/**/*.{ts,tsx}', 'src/main/**/*.ts', 'src/cli/**/*.ts'], rules: numberTextRule },
  { files: ['src/renderer/**/*.tsx'], rules: { 'no-restricted-syntax': [...numberTextRule['no-restricted-syntax'], DIALOG_OWN_EVENTS] } },
  // After the number rule: one file has one `no-restricted-syntax`, so a feature's holds both lists.
  {
    files: features.map((name) => `src/main/${name}/**/*.ts`),
    rules: { 'no-restricted-syntax': [...NO_EVENT_FOLLOWING['no-restricted-syntax'], ...numberTextRule['no-restricted-syntax'].slice(1)] }
  },
  { files: shortFunctionFiles, rules: functionLengthRule },
  {
    files: ['scripts/**/*.ts', 'reference-service/src/main.ts', 'src/cli/**/*.ts'],
    rules: { 'no-console': 'off' }
  }
)
