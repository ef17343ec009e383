import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { builtinModules } from 'node:module';
import { readdirSync } from 'node:fs';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

/** The dependency rule of ARCHITECTURE.md, as import restrictions per package. */
const forbid = (packages, patterns = [], extraPaths = []) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: [...packages.map((name) => ({ name, message: 'Interdit par la règle de dépendance (ARCHITECTURE.md).' })), ...extraPaths],
      patterns: patterns.map((group) => ({ group: [group], message: 'Interdit par la règle de dépendance (ARCHITECTURE.md).' })),
    },
  ],
});

const webSrc = './packages/web/src';
/** First-level features of the web app, read from disk so a new feature is fenced in at once. */
const webFeatures = readdirSync(new URL('packages/web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const crossFeatureZones = webFeatures.map((feature) => ({
  target: `${webSrc}/features/${feature}`,
  from: `${webSrc}/features`,
  except: [`./${feature}`],
  message: 'Une feature n’importe pas une autre feature : déplacer le code partagé dans src/components, src/data…',
}));

/**
 * French formatting has one home, core/src/domain/french-format.ts (issue 31): dates in Paris
 * time, accent folding. Each selector names where it is allowed besides, and why.
 */
const FRENCH_FORMAT = 'packages/core/src/domain/french-format.ts';
const frenchFormatSyntax = {
  dateTimeFormat: [
    {
      selector:
        "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat'], CallExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat'], CallExpression[callee.property.name=/^toLocale(Date|Time)String$/]",
      message: 'Formater une date avec core (french-format.ts : formatDate, formatDateTime…), pas un Intl.DateTimeFormat de plus.',
    },
  ],
  parisLiteral: [
    {
      selector: "Literal[value='Europe/Paris'], TemplateElement[value.raw='Europe/Paris']",
      message: 'Utiliser TIME_ZONE de core (constants.ts), pas le fuseau écrit en toutes lettres.',
    },
  ],
  foldAccents: [
    {
      selector: "CallExpression[callee.property.name='normalize'][arguments.0.value='NFD']",
      message: 'Replier les accents avec foldAccents, foldText ou slugify de core (french-format.ts).',
    },
  ],
};
/**
 * Web data access in one place (issue 31): pages, features and components read and write
 * through the named hooks of src/data (one file per resource, or core's queries), never
 * through the product API, an inline useApiQuery or a query definition written in place.
 */
const WEB_SCREENS = 'packages/web/src/{pages,features,components}/**/*.{ts,tsx}';
const WEB_DATA_MESSAGE = 'Lire et écrire par les fonctions nommées de src/data (ou une requête de core), pas d’appel direct à l’API ici.';
const webDataSyntax = [
  "ImportSpecifier[imported.name='ProductApiPort']",
  "ImportSpecifier[imported.name='useApiQuery']",
  "CallExpression[callee.name='useApiQuery']",
  // api.call(…), api.get(…), api.listEvents(…): the product API used by name.
  "CallExpression[callee.object.name='api']",
  // port.call(OPERATION_ROUTES.x, …) whatever the port is called (operationPath(OPERATION_ROUTES.x), a link, stays allowed).
  "CallExpression[callee.type='MemberExpression'] > MemberExpression.arguments[object.name='OPERATION_ROUTES']",
  // { key: […], load: (api) => … }: a query definition written in place.
  "ObjectExpression:has(> Property[key.name='key']):has(> Property[key.name='load'])",
].map((selector) => ({ selector, message: WEB_DATA_MESSAGE }));
const sourceFiles = 'packages/*/src/**/*.{ts,tsx,mts,mjs}';
// Tests are left out: they write the expected text themselves (an ICS with TZID=Europe/Paris, a
// browser set to Paris time) rather than computing it with the code under test.
const testFiles = '**/*.test.{ts,tsx}';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-*/**', 'coverage/**', '.data/**', '**/.data/**', 'bench/results.json'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unsafe-declaration-merging': 'off', // a port's token shares its interface's name (STYLE.md §2)
      '@typescript-eslint/no-redeclare': 'off',
    },
  },
  {
    // core: framework-free. None of our packages, no UI, SDK, transport or node-only module.
    files: ['packages/core/**/*.{ts,tsx}'],
    rules: forbid(
      ['react', 'react-dom', 'firebase', 'socket.io-client', 'socket.io', 'ofetch', 'commander', 'fastify', ...nodeBuiltins],
      ['@sortie/*', 'react/*', 'react-dom/*', 'firebase/*', '@firebase/*', 'socket.io-client/*', 'node:*', 'valtio/react', '@headlessui/*', 'wouter', 'wouter/*'],
    ),
  },
  {
    files: ['packages/adapters/**/*.{ts,tsx}'],
    rules: forbid(['react', 'react-dom', 'wouter', 'fastify'], ['@sortie/web', '@sortie/web/*', '@sortie/cli', '@sortie/cli/*', '@sortie/server', '@sortie/server/*', 'react/*', '@headlessui/*']),
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    rules: forbid(
      ['fastify', 'commander'],
      ['@sortie/cli', '@sortie/cli/*', '@sortie/server', '@sortie/server/*'],
      // OPERATIONS carries every operation's zod schemas: a page calls through OPERATION_ROUTES.
      [{ name: '@sortie/core', importNames: ['OPERATIONS'], message: 'Appeler via OPERATION_ROUTES : OPERATIONS ferait télécharger zod et tous les schémas à la page.' }],
    ),
  },
  {
    files: ['packages/cli/**/*.{ts,tsx,mjs}'],
    // The integration tests start a real server in-process; the program itself may not.
    ignores: ['packages/cli/test/**'],
    rules: forbid(['react', 'react-dom', 'fastify'], ['@sortie/web', '@sortie/web/*', '@sortie/server', '@sortie/server/*', 'react/*']),
  },
  {
    // The server may use core's schemas, ids and constants, and nothing of the client side.
    files: ['packages/server/src/**/*.{ts,tsx}'],
    ignores: ['packages/server/src/**/*.test.ts'],
    rules: forbid(['react', 'react-dom', 'socket.io-client', 'ofetch', 'firebase'], ['@sortie/adapters', '@sortie/adapters/*', '@sortie/web', '@sortie/web/*', '@sortie/cli', '@sortie/cli/*', '@sortie/core/testing']),
  },
  {
    files: [sourceFiles],
    ignores: [testFiles, FRENCH_FORMAT, 'packages/core/src/domain/paris-time.ts', 'packages/core/src/domain/constants.ts'],
    rules: { 'no-restricted-syntax': ['error', ...frenchFormatSyntax.dateTimeFormat, ...frenchFormatSyntax.parisLiteral, ...frenchFormatSyntax.foldAccents] },
  },
  {
    // The same French-format selectors (a later block replaces the rule's options), and no direct API call.
    files: [WEB_SCREENS],
    ignores: [testFiles, '**/testing.ts'],
    rules: { 'no-restricted-syntax': ['error', ...frenchFormatSyntax.dateTimeFormat, ...frenchFormatSyntax.parisLiteral, ...frenchFormatSyntax.foldAccents, ...webDataSyntax] },
  },
  {
    // Paris-time arithmetic reads a date's parts (formatToParts, in en-CA for digits): not a text.
    files: ['packages/core/src/domain/paris-time.ts'],
    rules: { 'no-restricted-syntax': ['error', ...frenchFormatSyntax.parisLiteral, ...frenchFormatSyntax.foldAccents] },
  },
  {
    // TIME_ZONE is declared here, once.
    files: ['packages/core/src/domain/constants.ts'],
    rules: { 'no-restricted-syntax': ['error', ...frenchFormatSyntax.dateTimeFormat, ...frenchFormatSyntax.foldAccents] },
  },
  {
    // How import-x resolves our relative imports (they carry no extension).
    files: ['packages/*/src/**/*.{ts,tsx}'],
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
  },
  {
    // Import cycles anywhere in our sources. Only relative imports are followed (packages
    // cannot cycle: the dependency rule above makes them a one-way stack), and the depth is
    // bounded so lint stays fast. Nothing imports a test, so a test cannot close a cycle.
    files: ['packages/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-cycle': ['error', { maxDepth: 12, ignoreExternal: true }],
    },
  },
  {
    // Web feature folders (bulletproof-react): a feature imports shared code (components, data,
    // layouts, state, format…) and core, never another feature, a page or the app shell.
    files: ['packages/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: crossFeatureZones },
      ],
    },
  },
  {
    // Shared code sits below the features: it imports none of them, no page and not the app shell.
    files: ['packages/web/src/{components,data,layouts,services,state}/**/*.{ts,tsx}', 'packages/web/src/format.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: ['components', 'data', 'layouts', 'services', 'state', 'format.ts'].map((folder) => ({
            target: `${webSrc}/${folder}`,
            from: [`${webSrc}/features`, `${webSrc}/pages`, `${webSrc}/app`],
            message: 'Le code partagé n’importe ni une feature, ni une page, ni le shell de l’application.',
          })),
        },
      ],
    },
  },
  {
    // Tests may mount the whole app (test/render-app) and load a page's chunk; the code may not.
    // A later block replaces the rule's options rather than merging them: the zones are repeated.
    files: ['packages/web/src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...crossFeatureZones,
            {
              target: `${webSrc}/features`,
              from: [`${webSrc}/pages`, `${webSrc}/app`],
              message: 'Une feature n’importe ni une page ni le shell de l’application.',
            },
          ],
        },
      ],
    },
  },
);
