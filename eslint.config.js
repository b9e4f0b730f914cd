import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const FEATURES = './apps/web/src/features';
const features = existsSync(FEATURES)
  ? readdirSync(FEATURES, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];
const MODULOS = './apps/api/src/modules';
const modulos = existsSync(MODULOS)
  ? readdirSync(MODULOS, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

// Imports flow one way (CONVENTIONS "Shape"): contract → api/web; components, lib → features → app;
// features never import each other.
const zones = [
  { target: './packages/contract', from: './apps', message: 'El contrato no depende de las aplicaciones.' },
  { target: './apps/api', from: './apps/web', message: 'La API no importa código de la web.' },
  { target: './apps/web', from: './apps/api', message: 'La web no importa código de la API.' },
  { target: './apps/api/src/platform', from: './apps/api/src/modules', message: 'platform no depende de los módulos.' },
  {
    target: './apps/web/src/components',
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'components no depende de features ni de app.',
  },
  {
    target: './apps/web/src/lib',
    from: ['./apps/web/src/features', './apps/web/src/app', './apps/web/src/components'],
    message: 'lib es la capa más baja.',
  },
  { target: './apps/web/src/features', from: './apps/web/src/app', message: 'Las features no dependen del shell.' },
  ...features.map((f) => ({
    target: `${FEATURES}/${f}`,
    from: FEATURES,
    except: [`./${f}`],
    message: 'Una feature no importa otra: lo compartido va a components/, lib/ o al contrato.',
  })),
  // An API module reaches another only through its public functions, the files named *.service.ts.
  ...modulos.map((m) => ({
    target: `${MODULOS}/${m}`,
    from: `${MODULOS}/*/**`,
    except: [`**/apps/api/src/modules/${m}/**`, '**/*.service.ts'],
    message: 'Un módulo usa otro solo por sus archivos *.service.ts.',
  })),
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-e2e/**',
      '**/node_modules/**',
      'data/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // API modules form no import cycles (a cycle means two modules that should be one, or a piece to
    // move down into platform/).
    files: ['apps/api/src/**/*.ts'],
    settings: { 'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] } },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The classic scripts index.html loads before the app's modules run in the browser, unbundled.
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Drawers and dialogs go through AppDrawer and AppModal, which give focus back politely (components/foco.ts).
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'antd',
              importNames: ['Drawer', 'Modal'],
              message: 'Use AppDrawer (components/app-drawer.tsx) or AppModal (components/app-modal.tsx).',
            },
            {
              name: 'antd',
              importNames: ['Tabs'],
              message: 'Use SectionTabs (components/section-tabs.tsx): antd hides overflowing tabs inside the tablist.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "VariableDeclarator[init.callee.object.name='App'][init.callee.property.name='useApp'] > ObjectPattern > Property[key.name='modal']",
          message: 'Use useAvisos() (components/foco.ts): it gives focus back only when it has nowhere else to be.',
        },
      ],
    },
  },
  {
    files: [
      'apps/web/src/components/app-drawer.tsx',
      'apps/web/src/components/app-modal.tsx',
      'apps/web/src/components/section-tabs.tsx',
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['apps/web/src/components/foco.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['scripts/**', 'bench/**', '.ci/**', '**/*.config.{js,ts}', 'apps/api/build.mjs'],
    rules: { 'no-console': 'off' },
  },
);
