// a2ui/testdata/intl-cldr48.json against this node's Intl: the file's
// grid is the one intl-cases.mjs writes, and every result in it is what
// Intl gives, so that a stale or hand-edited file fails here rather than
// let a2ui's TestIntlAgreement compare a2term with wrong answers.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { CLDR, axes, intlCases, intlFile, intlResult } from "./intl-cases.mjs";

test("a2ui/testdata/intl-cldr48.json holds Intl's results", (t) => {
  if (process.versions.cldr !== CLDR) {
    t.skip(`this node's Intl has CLDR ${process.versions.cldr}, not the CLDR ${CLDR} the file was written under`);
    return;
  }
  const file = JSON.parse(readFileSync(intlFile, "utf8"));
  assert.equal(file.cldr, CLDR);
  const { locales, values, numbers, currencies } = file;
  assert.deepEqual({ locales, values, numbers, currencies }, axes, "the file's grid is not intl-cases.mjs's: run node intl-cases.mjs");
  const cases = intlCases(file);
  assert.equal(file.results.length, cases.length, "the file's results do not match its grid");
  const diffs = [];
  cases.forEach((c, i) => {
    const want = intlResult(c);
    if (file.results[i] !== want) diffs.push(`${JSON.stringify(c)}: file ${JSON.stringify(file.results[i])}, Intl ${JSON.stringify(want)}`);
  });
  assert.equal(diffs.length, 0, `${diffs.length} of ${cases.length} results differ from Intl:\n${diffs.slice(0, 20).join("\n")}`);
});
