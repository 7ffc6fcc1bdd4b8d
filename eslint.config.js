// Lint rules: typescript-eslint's recommended set, and the layer rules of the project (src <-
// dialogs <- bots <- cli <- samples; the library proper never loads the emulator, rule K3 of
// docs/platform-contract.md). Type checking itself is done by tsc.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** no-restricted-imports for one layer's files: the pattern groups it may not import, with why. */
const forbid = (files, groups, ignores = []) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns: groups.map(([group, message]) => ({ group, message })) }] },
});
const SELF = 'botbuilder-adapter-conversation-hub';
const BOTTOM = [['**/dialogs/**', '**/bots/**', '**/samples/**', '**/cli/**', SELF, `${SELF}/*`], 'src/ is the bottom layer: it imports no dialogs, bots, command line or samples.'];
const NO_EMULATOR = [['**/emulator/**'], 'The library proper never loads the emulator (K3); the local stack and the harness live in cli/.'];
/**
 * The emulator reads the contract on its own: it shares the contract's shapes and tables
 * (src/schemas, src/rates), the error type, the HTTP server plumbing and the JSONPath subset,
 * never the clients' code, so a misreading of the contract in a client cannot hide in the
 * emulator too.
 */
const EMULATOR_OWN = [
  ['**/platform/**', '**/adapter/**', '**/server/**', '**/authentication/**', '**/observability/**', '**/webhook/**', '**/storage/**', '**/provisioning/**', '**/redis/**', '**/config/**', '**/transcripts/**', '**/handover/**', '**/agents/**'],
  'The emulator imports only src/schemas, src/rates, src/errors, src/httpServer, src/jsonpath and its own code.',
];

export default tseslint.config(
  { ignores: ['dist/**', 'dist.build-*/**', 'dist.old-*/**', 'node_modules/**', 'reports/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // CommonJS files (the mocha reporter): Node globals and require.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', process: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  forbid(['src/**/*.ts'], [BOTTOM, NO_EMULATOR], ['src/emulator/**']),
  forbid(['src/emulator/**'], [BOTTOM, EMULATOR_OWN]),
  forbid(['dialogs/**/*.ts'], [[['**/bots/**', '**/samples/**', '**/cli/**', `${SELF}/local`, `${SELF}/bots`, `${SELF}/emulator`, '**/emulator/**'], 'dialogs/ sits on src/ only, never the emulator (K3).']]),
  forbid(['bots/**/*.ts'], [[['**/samples/**', '**/cli/**', '**/emulator/**', `${SELF}/emulator`, `${SELF}/local`], 'bots/ sits on dialogs/ and src/ only; the ready bots never load the emulator.']]),
  // The command line (cli/) sits above bots/: `hubbot start` runs a ready bot; samples are above it.
  forbid(['cli/**/*.ts'], [[['**/samples/**'], 'cli/ never loads a sample.']]),
  // Samples are what a developer copies: they import by package name, as their project will.
  {
    files: ['samples/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.{1,2}/(?:.*/)?(?:src|dialogs|bots)(?:/|$)', message: `samples/ import the package by name (${SELF}, ${SELF}/dialogs, ${SELF}/bots), not by a relative path.` }] }],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
