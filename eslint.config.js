// ESLint over the browser client and its Node tests (`npx eslint`, run by .ci/run): the rules that
// find real errors (eslint:recommended: undefined and unused names, unreachable code, duplicate
// keys, assignments to constants...), not style. The client is plain ES modules in the browser;
// the tests run under Node's test runner.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["src/mozaika/web/static/js/**/*.js"],
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: globals.browser },
  },
  {
    files: ["tests/js/**/*.mjs", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: globals.node },
  },
  {
    rules: {
      // Mistakes the recommended set leaves out: a map() that forgets to return, x === x, a loop
      // whose condition never changes or whose body always leaves, "${...}" in a plain string.
      "array-callback-return": "error",
      "no-self-compare": "error",
      "no-unmodified-loop-condition": "error",
      "no-unreachable-loop": "error",
      "no-constructor-return": "error",
      "no-template-curly-in-string": "error",
    },
  },
];
