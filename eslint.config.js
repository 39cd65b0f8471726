import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import regexp from "eslint-plugin-regexp";
import globals from "globals";
import tseslint from "typescript-eslint";

// Numbers typed into a form go through one decimal reader (decision 0045); z.coerce reads hex, exponents and blanks.
const noCoerce = { selector: "MemberExpression[object.name='z'][property.name='coerce']", message: "Read numbers with ~/lib/number-field (decimal only): z.coerce takes '0x10', '1e3' and blanks (decision 0045)." };
// Where HTTP is answered (decision 0129): a route and its own `<route>.server.ts`, never a module.
const answeredBesideTheRoute = "Modules take the actor and plain input and return plain results; the Request, the Response, redirects and toasts belong to the route's own <route>.server.ts (decision 0129).";

// A table is as wide as its cells whatever its width says: `sr-only` on one leaves it wide enough to scroll a phone's page sideways.
const noHiddenTable = {
  selector: "JSXOpeningElement[name.name='table'] JSXAttribute[name.name='className'] Literal[value=/sr-only/]",
  message: "Hide a table in a <div className=\"sr-only\">: sr-only on the <table> keeps its width and widens the page (issue 47).",
};

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", ".tmp/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Patterns meet user input: none may backtrack super-linearly (issue 16).
  regexp.configs["flat/recommended"],
  {
    rules: {
      "regexp/no-super-linear-backtracking": "error",
      "regexp/no-super-linear-move": "error",
    },
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // A file says one thing: none of the application's own files grows past 400 lines (issue 17).
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "scripts/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "max-lines": ["error", { max: 400 }] },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: { "no-restricted-syntax": ["error", noCoerce, noHiddenTable] },
  },
  {
    files: ["app/**/*.tsx", "app/**/*.ts"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
  {
    // Imports flow one way: routes → views → modules → auth, db, lib, components (decision 0029).
    files: ["app/modules/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["~/routes/*", "../routes/*"], message: "Modules must not import routes." },
            { group: ["~/views/*"], message: "Modules hold rules and data; their screens (app/views) import them, not the other way." },
            // `~/lib/…` and relative paths alike.
            { group: ["**/lib/action.server", "**/lib/toast.server"], message: answeredBesideTheRoute },
          ],
          paths: [{ name: "react-router", message: "Services take (actor, input), return a value or throw AppError (~/lib/app-error); routes turn that into answers." }],
        },
      ],
    },
  },
  {
    // A module answers no HTTP: it takes the actor and plain input and returns plain results (decision 0129).
    files: ["app/modules/**"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        noCoerce,
        { selector: "NewExpression[callee.name='Response']", message: answeredBesideTheRoute },
        { selector: "CallExpression[callee.object.name='Response']", message: answeredBesideTheRoute },
        { selector: "TSTypeReference[typeName.name=/^(Request|Response)$/]", message: answeredBesideTheRoute },
      ],
    },
  },
  {
    files: ["app/auth/**", "app/db/**", "app/lib/**", "app/components/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["~/routes/*", "~/views/*"], message: "Shared code must not import routes or screens." },
            { group: ["~/modules/*", "../modules/*"], message: "auth, db, lib and components sit below the modules and import nothing from them." },
          ],
        },
      ],
    },
  },
  {
    files: ["app/views/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["~/routes/*"], message: "Views must not import routes." },
            { group: ["~/db/*", "drizzle-orm", "drizzle-orm/*"], message: "Views show what loaders give them; modules talk to the database." },
          ],
        },
      ],
    },
  },
  {
    // Routes are thin: they call modules, never the database; forms are answered by runAction (decision 0029).
    files: ["app/routes/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [{ group: ["~/db/*", "drizzle-orm", "drizzle-orm/*"], message: "Routes call modules; modules talk to the database." }],
          paths: [{ name: "~/lib/request-body.server", importNames: ["readForm", "readFormOrJson", "readFormData"], message: "runAction (~/lib/action.server) reads the body." }],
        },
      ],
      "no-restricted-syntax": [
        "error",
        { selector: "TryStatement", message: "Routes catch nothing: services throw AppError and runAction answers it (decision 0029)." },
        { selector: "CallExpression[callee.property.name='catch'][arguments.0.type=/FunctionExpression$/]", message: "Routes catch nothing: services throw AppError and runAction answers it (decision 0029)." },
        { selector: "MemberExpression[object.name='request'][property.name=/^(formData|json|text)$/]", message: "runAction (~/lib/action.server) reads the body." },
        noCoerce,
        noHiddenTable,
      ],
    },
  },
);
