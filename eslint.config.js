// ESLint for every part: the contract, the server, the stack, the tools, the
// bench and the tests (Node), and the web app (web/src, with React's and
// accessibility rules); the folders' boundaries and no import circles
// everywhere. `npm run lint`, and the lint suite of `npm test`.
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import vitest from "@vitest/eslint-plugin";
import boundaries from "eslint-plugin-boundaries";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import testingLibrary from "eslint-plugin-testing-library";
import globals from "globals";
import tseslint from "typescript-eslint";

const web = "web/src/**/*.{ts,tsx}";
const node = [
  "contract/**/*.ts",
  "locales/**/*.ts",
  "server/**/*.ts",
  "stack/**/*.{ts,mjs}",
  "bench/**/*.{ts,mjs}",
  "tools/**/*.ts",
  "testing/**/*.ts",
  "checks/**/*.ts",
  "deploy/helm/test/**/*.ts",
  "e2e/**/*.ts",
];
const code = [...node, web];
const tests = "web/src/**/*.test.{ts,tsx}";

// Each feature is an element of its own, so that a feature may use itself and
// lib, and never another feature (bulletproof-react's rule).
const features = readdirSync(new URL("web/src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureType = (name) => `feature-${name}`;

// The server's layers, each with what it may import besides itself and the contract: always downward, so that
// an import upward (a service reaching for a plugin, mail for the state, Kratos' client for a route) fails here.
// base is the top-level modules every layer shares (config, errors, metrics, logging, language, ip-address);
// entry the modules that assemble and start the server (app, serve, server, dev-server, tracing).
const serverBelow = {
  entry: ["routes", "plugins", "services", "web", "kratos", "hydra", "mail", "state", "upstream", "breach-range", "base"],
  routes: ["plugins", "services", "web", "kratos", "hydra", "mail", "state", "upstream", "base"],
  plugins: ["services", "kratos", "hydra", "mail", "state", "upstream", "base"],
  services: ["kratos", "hydra", "mail", "state", "base"],
  web: ["base"],
  kratos: ["upstream", "base"],
  hydra: ["upstream", "base"],
  mail: ["base"],
  state: ["base"],
  upstream: ["base"],
  // The breach range service: an entry of its own (breach-range.ts), apart from the portal.
  "breach-range": ["base"],
  base: [],
};
const serverType = (layer) => `server-${layer}`;
const serverFolders = Object.keys(serverBelow).filter((layer) => layer !== "entry" && layer !== "base");
const serverEntryFiles = "{app,serve,server,dev-server,tracing,admin-role,breach-range}.ts";

export default tseslint.config(
  // What builds and runs make (.gitignore), so that `eslint .` lints the sources alone.
  {
    ignores: ["server/dist/**", "web/dist/**", ".bin/**", ".data/**", ".tap/**", "test-results/**", "playwright-report/**"],
  },
  {
    files: node,
    extends: [js.configs.recommended, ...tseslint.configs.strictTypeChecked],
    languageOptions: {
      globals: globals.node,
      // stack/, tools/, bench/, testing/, checks/ and the charts' tests have no project of their own: the server's covers them
      // (tsc -p server).
      parserOptions: {
        project: ["contract/tsconfig.json", "locales/tsconfig.json", "server/tsconfig.json", "e2e/tsconfig.json"],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true }],
      // A Fastify plugin or hook is an async function whether or not it awaits.
      "@typescript-eslint/require-await": "off",
      // Fastify types its hooks as async or callback style: an async hook in a hooks object is right.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { properties: false } }],
      // Leaving a property out by destructuring the rest is how a copy without it reads.
      "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true }],
    },
  },
  {
    files: ["stack/**/*.mjs", "bench/**/*.mjs"],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // Tests read answers as the caller sees them (JSON of any shape) and may insist that a value is there.
    files: ["server/test/**/*.ts", "checks/**/*.ts", "e2e/**/*.ts", "stack/**/*.test.ts", "deploy/helm/test/**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      // A row or header the answer may lack is checked as such (the projects do not index arrays as possibly undefined).
      "@typescript-eslint/no-unnecessary-condition": "off",
      "@typescript-eslint/no-base-to-string": "off",
    },
  },
  {
    // tap's t.test() returns a promise that tap itself waits for: subtests are never awaited.
    files: ["server/test/**/*.ts", "checks/**/*.ts", "stack/**/*.test.ts", "deploy/helm/test/**/*.test.ts"],
    rules: { "@typescript-eslint/no-floating-promises": "off" },
  },
  {
    files: [web],
    extends: [js.configs.recommended, ...tseslint.configs.strictTypeChecked],
    languageOptions: {
      globals: globals.browser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Numbers and other primitives read naturally in messages and URLs.
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true }],
      // Event handlers may start work they do not wait for (`void save()` says so).
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      // `onClick={() => setOpen(false)}` is how React handlers read.
      "@typescript-eslint/no-confusing-void-expression": ["error", { ignoreArrowShorthand: true }],
    },
  },
  {
    files: [web],
    extends: [reactHooks.configs.flat["recommended-latest"], jsxA11y.flatConfigs.strict],
    rules: {
      // `role` on our own components (RequireRole role="admin") is not an ARIA role.
      "jsx-a11y/aria-role": ["error", { ignoreNonDOM: true }],
    },
  },
  {
    // The folders are the architecture: each may import only what this says, so that a new import across
    // folders fails here. contract/ is what server, app, stack and tests share, locales/ their words (it
    // imports the contract only); nothing else crosses between them. In the app, one way: lib → features → app, and a feature never imports another
    // (bulletproof-react's rule). #contract/* and #locales/* resolve as TypeScript resolves them (package.json "imports").
    files: code,
    plugins: { boundaries, "import-x": importX },
    settings: {
      "import/resolver": {
        typescript: {
          project: ["web/tsconfig.json", "locales/tsconfig.json", "server/tsconfig.json", "e2e/tsconfig.json"],
          noWarnOnMultipleProjects: true,
        },
      },
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver": {
        typescript: {
          project: ["web/tsconfig.json", "locales/tsconfig.json", "server/tsconfig.json", "e2e/tsconfig.json"],
          noWarnOnMultipleProjects: true,
        },
      },
      "boundaries/files": [
        { category: "server-entry", pattern: `server/src/${serverEntryFiles}` },
        { category: "stack-tests", pattern: "stack/**/*.test.ts" },
      ],
      "boundaries/elements": [
        { type: "contract", pattern: "contract" },
        { type: "locales", pattern: "locales" },
        ...serverFolders.map((layer) => ({ type: serverType(layer), pattern: `server/src/${layer}` })),
        { type: serverType("base"), pattern: "server/src" },
        { type: "server-tests", pattern: "server/test" },
        { type: "stack", pattern: "stack" },
        // The top-level folders only (partialMatch: false): web/src/app and web/src/lib have testing/ folders of their own.
        { type: "tools", pattern: "tools", partialMatch: false },
        { type: "bench", pattern: "bench", partialMatch: false },
        { type: "testing", pattern: "testing", partialMatch: false },
        { type: "checks", pattern: "checks", partialMatch: false },
        { type: "chart-tests", pattern: "deploy/helm/test" },
        { type: "e2e", pattern: "e2e" },
        { type: "app", pattern: "web/src/app" },
        ...features.map((name) => ({ type: featureType(name), pattern: `web/src/features/${name}` })),
        { type: "lib", pattern: "web/src/lib" },
      ],
    },
    rules: {
      "boundaries/dependencies": [
        "error",
        {
          default: "disallow",
          // Within an element too: server/src's top-level modules are one element (base), and its entries are files of it.
          checkInternals: true,
          policies: [
            { from: { element: { type: "contract" } }, allow: { to: { element: { type: "contract" } } } },
            { from: { element: { type: "locales" } }, allow: { to: { element: { types: { anyOf: ["locales", "contract"] } } } } },
            // The mails' catalogs are typed by the mails' shapes, which the server's mail keeps (mail/types.ts).
            {
              from: { element: { type: "locales" } },
              allow: { to: { element: { type: serverType("mail") } }, dependency: { kind: "type" } },
            },
            ...Object.entries(serverBelow).map(([layer, below]) => ({
              from: layer === "entry" ? { file: { categories: "server-entry" } } : { element: { type: serverType(layer) } },
              allow: { to: { element: { types: { anyOf: [layer, ...below].map(serverType).concat("contract", "locales") } } } },
            })),
            // Nothing but an entry imports an entry (the last policy that matches decides).
            { disallow: { to: { file: { categories: "server-entry" } } } },
            { from: { file: { categories: "server-entry" } }, allow: { to: { file: { categories: "server-entry" } } } },
            // The state stores the outbox's mail: it knows its shape (mail/types.ts), nothing else of mail.
            {
              from: { element: { type: serverType("state") } },
              allow: { to: { element: { type: serverType("mail") } }, dependency: { kind: "type" } },
            },
            // The server's tests start the test stack and sign in through its browsers.
            {
              from: { element: { type: "server-tests" } },
              allow: {
                to: {
                  element: {
                    types: {
                      anyOf: ["server-tests", ...Object.keys(serverBelow).map(serverType), "stack", "testing", "contract", "locales"],
                    },
                  },
                },
              },
            },
            // The stack writes Kratos' code mails from the mail catalogs and design, and the browser suite renders
            // the portal's mails as the server does to look at them: both read server/src/mail, nothing else of it.
            {
              from: { element: { type: "stack" } },
              allow: {
                to: { element: { types: { anyOf: ["stack", "contract", "locales", serverType("mail"), serverType("breach-range")] } } },
              },
            },
            // The operators' and maintainers' commands write what the stack writes for itself, for compose and the charts.
            {
              from: { element: { type: "tools" } },
              allow: { to: { element: { types: { anyOf: ["tools", "stack", "contract", "locales", serverType("breach-range")] } } } },
            },
            // The stack's own tests drive it as the other tests do, through testing/.
            {
              from: { file: { categories: "stack-tests" } },
              allow: { to: { element: { types: { anyOf: ["stack", "testing", "contract", "locales"] } } } },
            },
            // What the tests share knows nothing of the stack they run against.
            { from: { element: { type: "testing" } }, allow: { to: { element: { types: { anyOf: ["testing", "contract"] } } } } },
            // The bench runs a stack of its own and measures parts of the server (the limits' stores) by themselves.
            {
              from: { element: { type: "bench" } },
              allow: {
                to: {
                  element: {
                    types: { anyOf: ["bench", "stack", "testing", ...Object.keys(serverBelow).map(serverType), "contract", "locales"] },
                  },
                },
              },
            },
            // The repository's checks read the files operators and newcomers read, with the stack's and the server's readers of them.
            {
              from: { element: { type: "checks" } },
              allow: { to: { element: { types: { anyOf: ["checks", "stack", serverType("base"), "contract", "locales"] } } } },
            },
            // The charts' tests render them with the Helm the stack builds and run Kratos as they configure it.
            {
              from: { element: { type: "chart-tests" } },
              allow: { to: { element: { types: { anyOf: ["chart-tests", "stack", "testing", "contract", "locales"] } } } },
            },
            {
              from: { element: { type: "e2e" } },
              allow: { to: { element: { types: { anyOf: ["e2e", "stack", "testing", "contract", "locales", serverType("mail")] } } } },
            },
            {
              from: { element: { type: "app" } },
              allow: { to: { element: { types: { anyOf: ["app", "lib", "contract", "locales", ...features.map(featureType)] } } } },
            },
            ...features.map((name) => ({
              from: { element: { type: featureType(name) } },
              allow: { to: { element: { types: { anyOf: [featureType(name), "lib", "contract", "locales"] } } } },
            })),
            { from: { element: { type: "lib" } }, allow: { to: { element: { types: { anyOf: ["lib", "contract", "locales"] } } } } },
          ],
        },
      ],
      // A circle of imports: neither side can be read, tested or loaded lazily on its own.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    // The app takes types and plain constants from the contract; its schemas (TypeBox) stay on the server,
    // out of the bundle.
    files: [web],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["#contract/schemas/*"],
              allowTypeImports: true,
              message: "The app imports the contract's schemas as types only (import type), so that TypeBox stays out of the bundle.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["contract/**/*.test.ts"],
    extends: [vitest.configs.recommended],
  },
  {
    files: [tests],
    extends: [testingLibrary.configs["flat/react"], vitest.configs.recommended],
    rules: {
      // Testing Library cleans up by itself only where the test runner's globals are on; ours are imported.
      "testing-library/no-manual-cleanup": "off",
    },
  },
);
