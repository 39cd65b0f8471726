/**
 * The catalogue of a member's data against the live schema: every table is classified, and
 * every row of any table whose columns hold the demo member's id or e-mail is one the
 * catalogue finds. A new table nobody classified, or a new column that names a member where
 * the catalogue does not look, fails here.
 */
import { beforeAll, expect, it } from "vitest";
import { catalogue, isPersonal, tableName } from "./catalogue.server";
import { fillMemberData, liveTables, rowsTheCatalogueMisses, tablesHolding, type FilledData } from "./member-data.test-support";

let data: FilledData;

beforeAll(async () => {
  data = await fillMemberData();
}, 120_000);

it("classifies every table of the live schema once, and no table the schema lacks", async () => {
  const classified = catalogue.map((entry) => tableName(entry.table));
  expect(new Set(classified).size, "a table classified twice").toBe(classified.length);
  expect([...classified].sort()).toEqual(await liveTables());
});

it("covers every table where any column holds the member's id or e-mail, and finds every such row", async () => {
  const holding = Object.keys(await tablesHolding(data.member));
  // The demo member's data reaches well beyond their own tables: a real test of the scan.
  expect(holding).toEqual(expect.arrayContaining(["users", "set_logs", "messages", "jobs", "audit_log", "sign_in_throttle", "contact_submissions", "verifications"]));
  const personal = new Set(catalogue.filter(isPersonal).map((entry) => tableName(entry.table)));
  expect(holding.filter((name) => !personal.has(name)), "tables holding the member but classified as not personal").toEqual([]);
  expect(await rowsTheCatalogueMisses(data.member)).toEqual({});
});

it("gives every table that holds nothing of a member's a reason", () => {
  for (const entry of catalogue) {
    if (!isPersonal(entry)) expect(entry.notPersonal.length, tableName(entry.table)).toBeGreaterThan(10);
    else expect(entry.how.length, tableName(entry.table)).toBeGreaterThan(10);
  }
});
