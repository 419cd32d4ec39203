// ESLint: the Epic Stack's shared flat config (@epic-web/config 1.x, the last
// ESLint one) plus jsx-a11y's recommended rules, our `~/` import alias and the
// few rules adjusted below, each with its reason (ADR 031). `npm run lint`
// allows no warning: a warning is something to fix or to switch off here.
import { config as epic } from "@epic-web/config/eslint";
import jsxA11y from "eslint-plugin-jsx-a11y";

export default [
  {
    ignores: ["build/**", "public/build/**", "data/**", "test-results/**", "playwright-report/**", ".cache/**"],
  },
  ...epic,

  // Accessibility of the markup: jsx-a11y's recommended set.
  {
    files: ["**/*.tsx", "**/*.jsx"],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scroll box (a table's, the sessions list) takes the keyboard focus
      // so that a keyboard user can scroll it (WCAG 2.1.1; axe's
      // scrollable-region-focusable); it is a named group or region.
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "group", "region"] }],
    },
  },

  {
    rules: {
      // Imports in the Epic order, with our `~/` alias counted as internal
      // (the Epic Stack's own alias is `#app/`).
      "import/order": [
        "warn",
        {
          alphabetize: { order: "asc", caseInsensitive: true },
          pathGroups: [{ pattern: "~/**", group: "internal" }],
          groups: ["builtin", "external", "internal", "parent", "sibling", "index"],
        },
      ],
    },
  },

  // Every form takes conform's hook through useAppForm (app/components/use-app-form.ts):
  // it keeps a form re-rendering on its errors whichever component shows them.
  {
    files: ["app/**"],
    ignores: ["app/components/use-app-form.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@conform-to/react",
              importNames: ["useForm"],
              message: "Use useAppForm from ~/components/use-app-form.",
            },
            {
              name: "@remix-run/react",
              importNames: ["Link", "NavLink"],
              message: "Use Link and NavLink from ~/components/ui/link (the server renders their <a> directly).",
            },
            {
              name: "react-i18next",
              message: "Use useTranslation from ~/i18n/react (the pages' own t(), ADR 055).",
            },
            {
              name: "remix-i18next/react",
              message: "Use useChangeLanguage from ~/i18n/react (ADR 055).",
            },
          ],
        },
      ],
    },
  },

  // Outside app/ nothing is a React component: `useTestDatabase` and
  // `useDatabase` are test and script helpers, not hooks.
  {
    files: ["tests/**", "scripts/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },

  {
    files: ["tests/**"],
    ignores: ["tests/e2e/**"],
    rules: {
      // vitest's `expect(value, message)` takes a message as its second argument.
      "vitest/valid-expect": ["error", { maxArgs: 2 }],
      // Its fix turns `expect(a >= b).toBe(true)` into
      // `toBeGreaterThanOrEqual`, which takes numbers only; the tests compare
      // timestamps stored as text that way.
      "vitest/prefer-comparison-matcher": "off",
    },
  },

  {
    files: ["tests/**"],
    rules: {
      // `importOriginal<typeof import("…")>()` is vitest's own idiom for a
      // partial mock, and a module the test imports later (after a mock or an
      // environment change) is typed the same way; an `import type` would add a
      // static import that reads as if the module loaded first.
      "@typescript-eslint/consistent-type-imports": [
        "warn",
        { prefer: "type-imports", disallowTypeAnnotations: false, fixStyle: "inline-type-imports" },
      ],
      // Newer than the Epic Stack's Remix v2 config: it asks for `using`
      // disposables instead of beforeEach/afterEach, a rewrite of the suite's
      // setup for no finding.
      "epic-web/prefer-dispose-in-tests": "off",
    },
  },

  {
    files: ["tests/e2e/**"],
    rules: {
      // The end-to-end tests find some elements by structure on purpose
      // (`table tbody tr`, `[dir=rtl]`, `main`, data-testid boxes); rewriting
      // 142 locators would change what the tests assert, which issue 17 keeps.
      "playwright/no-raw-locators": "off",
    },
  },
];
