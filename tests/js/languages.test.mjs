// The language a browser gets before its person chooses one (static/js/languages.js): the first of the
// browser's languages (navigator.languages, what it sends as Accept-Language) that the client speaks.

import assert from "node:assert/strict";
import { test } from "node:test";

import { LANGUAGES, browserLanguage } from "../../src/mozaika/web/static/js/languages.js";

test("the first language the client speaks wins, by its language subtag", () => {
  assert.equal(browserLanguage(["de-AT", "en-GB"]), "de");
  assert.equal(browserLanguage(["sk", "cs-CZ", "en"]), "cs");
  assert.equal(browserLanguage(["pt-BR", "es-MX", "fr"]), "es");
  assert.equal(browserLanguage(["fr-CA"]), "fr");
  assert.equal(browserLanguage(["pl"]), "pl");
});

test("a browser whose languages the client does not speak, or a broken tag, gets English", () => {
  assert.equal(browserLanguage(["ja", "ko"]), "en");
  assert.equal(browserLanguage([]), "en");
  assert.equal(browserLanguage(["not a tag!", "de"]), "de");
});

test("every language is named in itself", () => {
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const own = new Intl.DisplayNames([code], { type: "language" }).of(code);
    assert.equal(name.toLocaleLowerCase(code), own.toLocaleLowerCase(code), code);
  }
});
