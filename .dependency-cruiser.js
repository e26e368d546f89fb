// @ts-check
/**
 * Architecture boundaries, checked by dependency-cruiser: `npm run deps:check`.
 * The rules are tested against small fixture trees in test/architecture/dependency-rules.test.ts
 * (each rule must report a violation made on purpose), so weakening one here fails that test.
 *
 * Why dependency-cruiser and not eslint-plugin-import-x (`no-cycle`, `no-restricted-paths`); both
 * were tried on this repository with the same rules:
 *  - import-x's `no-cycle` never follows a type-only import (`import type`, or one whose
 *    specifiers are all `type`): it skips them by design, with no option to count them, and
 *    about 600 of our 2,100 imports between our own modules are type-only. On three two-file
 *    probe cycles (type-only both ways, a value import answered by a type-only one, and .tsx
 *    value imports) it found 1, dependency-cruiser with `tsPreCompilationDeps: true` all 3.
 *  - It is slow here: ESLint with `no-cycle` and `no-restricted-paths` took about 58 s on the
 *    repository, dependency-cruiser about 4 to 5 s (under 2 s from its cache, below).
 *  - Both read the `.ts`/`.tsx` extension imports (allowImportingTsExtensions, NodeNext) and
 *    found the same forbidden edges. dependency-cruiser keeps the frontend's lazy
 *    `import('….tsx')` as `dynamic-import` edges, and reports unresolvable imports and orphans.
 */

/** Rule 5, the one place to tighten: what web/ may import from src/ (anything else is a violation). */
const WEB_MAY_IMPORT_FROM_SRC = [
  '^src/app/', // the composition root, which hands the routes the features' services (app.features)
  '^src/app-api/', // the contract between the server and the frontend
  '^src/platform/', // infrastructure (logger, redis, config…): allowed for now
];

/**
 * Rule 4: the stage runtime, the framework that runs stages without knowing any of them: the
 * whole of src/pipeline/stages/ (stage.ts, queues.ts, workers.ts, stage-registry.ts), which
 * holds nothing else. Stages are registered in src/pipeline/stage-handlers.ts.
 */
const STAGE_RUNTIME = '^src/pipeline/stages/';
/** A concrete stage handler, wherever it lives (submit-stage.ts, publish/attach-stage.ts…). */
const CONCRETE_STAGE = '-stage[.]tsx?$';
/** The pipeline's features, which register stages with the runtime, never the other way. */
const PIPELINE_FEATURES = '^src/pipeline/(submit|receive|publish|limits|line|flow)/';

/**
 * The merchant features (src/features/) and the generation engine they are built on
 * (src/pipeline/), whose one way in is ENGINE_INDEX.
 */
const FEATURES = '^src/features/';
const ENGINE = '^src/pipeline/';
const ENGINE_INDEX = '^src/pipeline/index[.]ts$';

/**
 * Rule 6's exceptions: what the emulators share with the app on purpose, and nothing else. A
 * clock (so tests move both on one timeline), the pinned Admin API version (both sides must
 * speak the same one) and ProductAI's model catalogue (models, prices and limits copied from
 * the API contract, ../shared/specs/productai-api.md, in one place; test/productai checks it
 * against the contract, so the emulator does not merely agree with the app).
 */
const EMULATORS_MAY_SHARE = [
  '^src/platform/clock[.]ts$',
  '^src/shopify/api-version[.]ts$',
  '^src/productai/catalogue[.]ts$',
];

/** Test folders that must not reach into each other: shared helpers go to test/support/. */
const ISOLATED_TEST_FOLDERS = ['pipeline', 'web'];

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A cycle makes modules impossible to understand, test or move one at a time, and a ' +
        'runtime cycle can read a binding before it is initialised. Type-only cycles count too: ' +
        'they still tie the two modules together and usually hide a missing abstraction.',
      from: { path: '^(src|web|emulators|dev)/' },
      to: { circular: true },
    },
    {
      name: 'no-folder-cycles',
      severity: 'error',
      scope: 'folder',
      comment:
        'A folder of src/ (and each folder inside one: pipeline/limits, pipeline/sources…) is a ' +
        'room with one job; two rooms that import each other, even through different files and ' +
        'type-only imports, are one room in two places: neither can be read, moved or tested ' +
        'without the other. A folder depends on another when a file anywhere under it imports a ' +
        'file in the other (a folder and its own subfolder are one, so never a cycle). What both ' +
        'need goes to a room they both build on.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'platform-imports-nothing-of-ours',
      severity: 'error',
      comment:
        'src/platform is the bottom layer (logger, redis, config, crypto…) that everything else ' +
        'builds on: it may use node builtins, npm packages and itself, nothing of the app, or ' +
        'it stops being reusable and drags the domain into every process.',
      from: { path: '^src/platform/' },
      to: {
        pathNot: ['^src/platform/', '(^|/)node_modules/'],
        dependencyTypesNot: ['core'],
      },
    },
    {
      name: 'fidelity-imports-only-platform',
      severity: 'error',
      comment:
        'src/fidelity (is the product in a result still the product of its source?) is a ' +
        'self-contained check run in worker threads, by the pipeline, a command and a benchmark ' +
        'alike: it may use node builtins, npm packages, src/platform and itself, nothing else of ' +
        'the app, so it can be measured and reused without the pipeline.',
      from: { path: '^src/fidelity/' },
      to: {
        pathNot: ['^src/fidelity/', '^src/platform/', '(^|/)node_modules/'],
        dependencyTypesNot: ['core'],
      },
    },
    {
      name: 'channels-imports-only-platform',
      severity: 'error',
      comment:
        'src/channels (does a result meet the rules of the channels a shop shows it on: its ' +
        'storefront, Google Merchant Center, Amazon?) measures an image against profiles kept ' +
        'as data: it may use node builtins, npm packages (sharp, tesseract.js), src/platform and ' +
        'itself, nothing else of the app, so the pipeline, a test or a command can run it alone.',
      from: { path: '^src/channels/' },
      to: {
        pathNot: ['^src/channels/', '^src/platform/', '(^|/)node_modules/'],
        dependencyTypesNot: ['core'],
      },
    },
    {
      name: 'src-imports-no-outer-folder',
      severity: 'error',
      comment:
        'src/ is the application core: the server and worker (web/), the dev tools, the ' +
        'emulators, tests, benchmarks, scripts and the Shopify extensions are built on it, so ' +
        'it must never import them back.',
      from: { path: '^src/' },
      to: { path: '^(web|dev|emulators|test|bench|scripts|extensions)/' },
    },
    {
      name: 'stage-runtime-knows-no-stage',
      severity: 'error',
      comment:
        'The stage runtime (src/pipeline/stages/: stage.ts, queues.ts, workers.ts, ' +
        'stage-registry.ts) runs any stage it is given: it must not import a concrete stage nor ' +
        'a pipeline feature, so a stage can be added, replaced in a test or removed without ' +
        'touching the framework. Stages are registered in src/pipeline/stage-handlers.ts and ' +
        'handed to it by the composition root.',
      from: { path: STAGE_RUNTIME },
      to: { path: [CONCRETE_STAGE, PIPELINE_FEATURES] },
    },
    {
      name: 'features-reach-the-engine-through-its-index',
      severity: 'error',
      comment:
        'A feature (src/features/) uses the generation engine (src/pipeline/) ' +
        'through src/pipeline/index.ts, what the engine offers, never a file inside it: so the ' +
        "engine's rooms can be split, renamed or rewritten behind that one file without touching " +
        'a feature, and a reader sees in one place what the features rely on.',
      from: { path: FEATURES },
      to: { path: ENGINE, pathNot: ENGINE_INDEX },
    },
    {
      name: 'engine-imports-no-feature',
      severity: 'error',
      comment:
        'The generation engine (src/pipeline/) runs any generation, whoever asked for it: it ' +
        'imports no feature (src/features/). What a feature decides inside the engine (who holds a ' +
        "result, what counts a try, when owned work expires) is passed in through the engine's " +
        'ports (PipelineParts in src/pipeline/index.ts) by the composition root.',
      from: { path: ENGINE },
      to: { path: FEATURES },
    },
    {
      name: 'web-imports-src-only-through-app',
      severity: 'error',
      comment:
        'web/ (HTTP server, worker process, frontend) is a delivery layer: it reaches the core ' +
        'only through the composition root (src/app, which hands it the services), the contract ' +
        '(src/app-api) and, for now, src/platform. The allowed list is WEB_MAY_IMPORT_FROM_SRC ' +
        'at the top of this file.',
      from: { path: '^web/' },
      to: { path: '^src/', pathNot: WEB_MAY_IMPORT_FROM_SRC },
    },
    {
      name: 'emulators-are-independent',
      severity: 'error',
      comment:
        'The emulators stand in for Shopify and ProductAI: if they import the app they would ' +
        'share its assumptions (and bugs) instead of checking them, like the real services.',
      from: { path: '^emulators/' },
      to: { path: '^(src|web)/', pathNot: EMULATORS_MAY_SHARE },
    },
    {
      name: 'test-folders-do-not-share-helpers',
      severity: 'error',
      comment:
        'test/pipeline and test/web are separate suites: a helper one of them needs from the ' +
        'other belongs in test/support/, so that neither suite breaks when the other changes.',
      from: { path: `^test/(${ISOLATED_TEST_FOLDERS.join('|')})/` },
      to: {
        path: `^test/(${ISOLATED_TEST_FOLDERS.join('|')})/`,
        pathNot: '^test/$1/',
      },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'An import that resolves to no file is a typo, a deleted module or a missing package: ' +
        'it fails at run time (Node strips the types, nothing compiles the import first).',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'no-orphans',
      severity: 'error',
      comment:
        'A module nothing imports and that imports nothing is dead code, or an entry point ' +
        'that lost its imports: delete it or wire it in.',
      from: {
        orphan: true,
        pathNot: [
          '(^|/)[.][^/]+[.](?:js|cjs|mjs|ts|cts|mts|json)$', // dot files (configs)
          '[.]d[.]ts$', // type declarations
          '(^|/)tsconfig[.]json$',
          // A theme app extension's scripts: the theme loads them (Liquid), nothing imports them.
          '^extensions/[^/]+/assets/',
        ],
      },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: { path: '(^|/)dist/' },
    // Type-only imports are dependencies too: keep them (labelled `type-only`) rather than
    // looking only at what would survive compilation.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
    skipAnalysisNotInRules: true,
    // A run with nothing changed (files, rules or options: all are checksummed) is served from
    // here in about a second instead of re-parsing every file.
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
