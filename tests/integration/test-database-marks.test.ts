// @test-database none
/**
 * A test file's `@test-database` mark decides where it runs (tests/setup/database.ts): the
 * PostgreSQL pass takes only the unmarked files, and a file marked `none` opens no database.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { testDatabaseOf, testFiles } from "../setup/database";

describe("a test file's database mark", () => {
  it("reads each kind, and no mark as both databases", () => {
    expect(testDatabaseOf("// @test-database none\nimport x;")).toBe("none");
    expect(testDatabaseOf("/* @test-database any */")).toBe("any");
    expect(testDatabaseOf("// @test-database pglite: it opens PGlite itself")).toBe("pglite");
    expect(testDatabaseOf("import { it } from 'vitest';")).toBe("both");
    // A word that merely begins like a kind is no mark.
    expect(testDatabaseOf("// @test-database pglitex")).toBe("both");
    expect(testDatabaseOf("// @test-database postgres")).toBe("both");
  });

  it("is one of the known kinds on every file that has one (a misspelt mark would run the file on both)", () => {
    const marks = [...testFiles("app"), ...testFiles("tests/integration")].flatMap((file) => {
      const word = /@test-database ([A-Za-z]+)/.exec(fs.readFileSync(file, "utf8"))?.[1];
      return word ? [`${file}: ${word}`] : [];
    });
    expect(marks.length).toBeGreaterThan(10);
    expect(marks.filter((mark) => !/: (?:none|any|pglite|both)$/.test(mark))).toEqual([]);
  });
});
