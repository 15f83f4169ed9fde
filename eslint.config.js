// ESLint for every part: the server, the stack and the tests (Node), and the
// web app (web/src, with React's and accessibility rules and the layers'
// boundaries); `npm run lint`, and the lint suite of `npm test`.
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import vitest from "@vitest/eslint-plugin";
import boundaries from "eslint-plugin-boundaries";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import testingLibrary from "eslint-plugin-testing-library";
import globals from "globals";
import tseslint from "typescript-eslint";

const web = "web/src/**/*.{ts,tsx}";
const node = ["server/**/*.ts", "stack/**/*.{ts,mjs}", "e2e/**/*.ts"];
const tests = "web/src/**/*.test.{ts,tsx}";

// Each feature is an element of its own, so that a feature may use itself and
// lib, and never another feature (bulletproof-react's rule).
const features = readdirSync(new URL("web/src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureType = (name) => `feature-${name}`;

export default tseslint.config(
  { ignores: ["server/dist/**", "web/dist/**"] },
  {
    files: node,
    extends: [js.configs.recommended, ...tseslint.configs.strictTypeChecked],
    languageOptions: {
      globals: globals.node,
      // stack/ has no project of its own: the server's covers it (tsc -p server).
      parserOptions: { project: ["server/tsconfig.json", "e2e/tsconfig.json"], tsconfigRootDir: import.meta.dirname },
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
    files: ["stack/**/*.mjs"],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // Tests read answers as the caller sees them (JSON of any shape) and may insist that a value is there.
    files: ["server/test/**/*.ts", "e2e/**/*.ts", "stack/**/*.test.ts"],
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
    files: ["server/test/**/*.ts", "stack/**/*.test.ts"],
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
    files: [web],
    plugins: { boundaries },
    settings: {
      "import/resolver": { node: { extensions: [".ts", ".tsx"] } },
      "boundaries/elements": [
        { type: "app", pattern: "web/src/app" },
        ...features.map((name) => ({ type: featureType(name), pattern: `web/src/features/${name}` })),
        { type: "lib", pattern: "web/src/lib" },
      ],
    },
    rules: {
      // One way: lib → features → app (and main.tsx, which starts the app).
      "boundaries/dependencies": [
        "error",
        {
          default: "disallow",
          policies: [
            {
              from: { element: { type: "app" } },
              allow: { to: { element: { types: { anyOf: ["app", "lib", ...features.map(featureType)] } } } },
            },
            ...features.map((name) => ({
              from: { element: { type: featureType(name) } },
              allow: { to: { element: { types: { anyOf: [featureType(name), "lib"] } } } },
            })),
            { from: { element: { type: "lib" } }, allow: { to: { element: { type: "lib" } } } },
          ],
        },
      ],
    },
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
