// Writes a2ui/testdata/intl-cldr48.json: the results JavaScript's Intl
// gives for a grid of cases (locales × values × plural, number and
// currency formats), which a2ui's TestIntlAgreement compares with
// a2term's own formatting, and intl.test.mjs recomputes in CI so that the
// file cannot go stale or be edited by hand.
//
// Regenerate it, after changing the axes below, with a node whose Intl
// has CLDR 48.0 (the CLDR a2term's tables follow; `node -p
// process.versions.cldr` tells):
//
//	cd .ci/node && node intl-cases.mjs
//
// It refuses to run on another CLDR. The cases call Intl as the official
// renderers do (their basic_functions.ts: Intl.PluralRules(locale).select,
// Intl.NumberFormat(locale, {minimumFractionDigits, maximumFractionDigits,
// useGrouping, style: "currency", currency}).format).

import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

// CLDR is the version of the Unicode CLDR a2term's tables follow.
export const CLDR = "48.0";

// intlFile is the file this script writes.
export const intlFile = resolve(import.meta.dirname, "..", "..", "a2ui", "testdata", "intl-cldr48.json");

// axes are the grid's axes. values are JavaScript number strings (as
// String(n) writes them, "-0" for negative zero): a few edge cases, then
// 120 values drawn once from a seeded generator, in turn a sum in cents,
// a number of up to 17 digits at any scale, an exact eighth (ties) and
// an integer of up to 7 digits. numbers are the number formats' digit
// settings (digits -1: Intl's default, 0 to 3) and grouping; a currency
// uses its own digits and always groups.
export const axes = {
  locales: ["en-US", "en-GB", "de-DE", "fr-FR", "es-ES", "ja-JP"],
  values: [
    "0", "-0", "1", "-1", "0.5", "1.005", "2.675", "0.125", "999.9995", "1e+21", "1e-7", "1000000", "2000000",
    "1.0004", "1.0005", "Infinity",
    "6046.6", "4405090.880450124", "507.375", "2902081", "6868.23", "-434362980782.5238", "57", "1203300",
    "5152.13", "31.363996099009682", "11.125", "2024728", "4688.9", "-21696.58488195548", "404.625", "1339106",
    "2031.87", "-13912858.314309401", "157.25", "2458047", "2970.83", "25257303.555161193", "348.75", "2193015",
    "5238.2", "-47169691667.411", "228.875", "315429", "794.54", "948085.976830626", "185.625", "2515026",
    "1732.66", "410998550.0873525", "70.375", "2712433", "5305.86", "-2464.594994849395", "144.875", "2971353",
    "8805.43", "-20288.77393602292", "274.875", "913000", "742.91", "-2777105829.9321227", "587.875", "2989355",
    "9328.46", "2418489599918.23", "19.5", "2828266", "4283.57", "39.699195756187265", "597.875", "435746",
    "908.37", "-68580022.95119625", "589.75", "225447", "6908.39", "2109071.9529999513", "374.5", "2906420",
    "7558.24", "-0.9619671420429965", "391.625", "1879241", "3220.84", "221.1477651926741", "486.375", "902002",
    "6227.28", "-13.03071563601781", "513.375", "107940", "2388.41", "128.09817121836332", "275.625", "2161598",
    "4349.12", "12509502830.053043", "594.625", "2903687", "8305.34", "-49948.61844838787", "448.75", "1163632",
    "6039.78", "-90381722115007.33", "447.75", "105384", "9158.21", "89834185.00491935", "533.875", "1515894",
    "4584.42", "1001655953233.308", "259.875", "2212066", "6417.84", "-25253339216337.145", "602.375", "2898981",
    "6938.38", "-46967.74521669932", "88.75", "1251387", "2940.06", "25.316127773675856", "548", "1557903",
    "2318.3", "127834605000.02275", "191.5", "103616", "3922.16", "893830864.0079917", "256.375", "958076",
  ],
  numbers: [
    { digits: -1, grouping: true },
    { digits: 0, grouping: true },
    { digits: 2, grouping: true },
    { digits: 3, grouping: false },
    { digits: 20, grouping: true },
  ],
  currencies: ["USD", "EUR", "JPY", "GBP", "CHF", "KWD", "CNY", "THB", "XOF", "QQQ"],
};

// intlCases is the grid of g (an object with the fields of axes) in the
// file's order: for each locale, for each value, its plural category,
// then each number format, then each currency.
export function intlCases(g) {
  const cases = [];
  for (const locale of g.locales) {
    for (const value of g.values) {
      cases.push({ kind: "plural", locale, value });
      for (const { digits, grouping } of g.numbers) cases.push({ kind: "number", locale, value, digits, grouping });
      for (const currency of g.currencies) cases.push({ kind: "currency", locale, value, currency });
    }
  }
  return cases;
}

// intlResult is what Intl gives for case c.
export function intlResult(c) {
  const v = Number(c.value);
  if (c.kind === "plural") return new Intl.PluralRules(c.locale).select(v);
  if (c.kind === "currency") return new Intl.NumberFormat(c.locale, { style: "currency", currency: c.currency, useGrouping: true }).format(v);
  const d = c.digits < 0 ? undefined : c.digits;
  return new Intl.NumberFormat(c.locale, { minimumFractionDigits: d, maximumFractionDigits: d, useGrouping: c.grouping }).format(v);
}

// render is the file's text: the axes one to a line, then the results,
// the sixteen of a locale and value to a line, with every character
// outside ASCII escaped so that a diff shows which space Intl put.
function render(results) {
  const json = (x) => JSON.stringify(x).replace(/[^\x20-\x7e]/g, (ch) => "\\u" + ch.charCodeAt(0).toString(16).padStart(4, "0"));
  const perLine = 1 + axes.numbers.length + axes.currencies.length;
  const lines = [];
  for (let i = 0; i < results.length; i += perLine) lines.push("    " + results.slice(i, i + perLine).map(json).join(","));
  return [
    "{",
    `  "about": ${json("JavaScript Intl's results for a2ui's TestIntlAgreement, in the grid's order; written by .ci/node/intl-cases.mjs (cd .ci/node && node intl-cases.mjs, on a node with CLDR 48.0), never by hand")},`,
    `  "cldr": ${json(CLDR)},`,
    `  "locales": ${json(axes.locales)},`,
    `  "values": ${json(axes.values)},`,
    `  "numbers": ${json(axes.numbers)},`,
    `  "currencies": ${json(axes.currencies)},`,
    `  "results": [`,
    lines.join(",\n"),
    "  ]",
    "}",
    "",
  ].join("\n");
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.versions.cldr !== CLDR) {
    console.error(`intl-cases.mjs: this node's Intl has CLDR ${process.versions.cldr}, not the CLDR ${CLDR} a2term's tables follow; run it with a node whose \`node -p process.versions.cldr\` prints ${CLDR}`);
    process.exit(1);
  }
  for (const v of axes.values) {
    if (String(Number(v)) !== v && v !== "-0") throw new Error(`value ${v} is not written as String(n) writes it`);
  }
  writeFileSync(intlFile, render(intlCases(axes).map(intlResult)));
  console.log("wrote a2ui/testdata/intl-cldr48.json");
}
