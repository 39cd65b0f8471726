// @test-database none: no query here (decision 0020).
/**
 * The lint step refuses patterns that backtrack super-linearly (issue 16): the number
 * pattern that once let a member stall the server is reported by the project's own
 * ESLint configuration.
 */
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

async function ruleIdsFor(code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: process.cwd() });
  const [result] = await eslint.lintText(code, { filePath: "app/modules/progress/pattern-example.ts" });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

describe("the lint step's pattern rules", () => {
  it("reports the progress number pattern that backtracked quadratically", async () => {
    expect(await ruleIdsFor('export const isNumber = (text: string) => /^[+-]?(?:\\d+\\.?\\d*|\\.\\d+)$/.test(text);\n')).toContain(
      "regexp/no-super-linear-backtracking",
    );
  });

  it("reports a trailing run that retries from every position", async () => {
    expect(await ruleIdsFor('export const trim = (text: string) => text.replace(/-+$/, "");\n')).toContain("regexp/no-super-linear-move");
  });

  it("accepts the pattern that replaced it", async () => {
    expect(await ruleIdsFor("export const isNumber = (text: string) => /^[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)$/.test(text);\n")).toEqual([]);
  });
});
