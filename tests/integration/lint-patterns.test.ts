// @test-database none: no query here (decision 0020).
/**
 * The lint step refuses patterns that backtrack super-linearly (issue 16): the number
 * pattern that once let a member stall the server is reported by the project's own
 * ESLint configuration. Numbers are read one way (decision 0045): z.coerce is refused.
 */
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

async function ruleIdsFor(code: string, filePath = "app/modules/progress/pattern-example.ts"): Promise<string[]> {
  const eslint = new ESLint({ cwd: process.cwd() });
  const [result] = await eslint.lintText(code, { filePath });
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

describe("the lint step's number rule (decision 0045)", () => {
  const coerced = 'import { z } from "zod";\nexport const rest = z.object({ rest: z.coerce.number() });\n';

  it("refuses z.coerce anywhere in the application, routes included: a form's number goes through ~/lib/number-field", async () => {
    for (const file of ["app/modules/programs/example.schema.ts", "app/lib/example.ts", "app/routes/example.tsx", "app/views/example.tsx"]) {
      expect(await ruleIdsFor(coerced, file), file).toContain("no-restricted-syntax");
    }
  });

  it("accepts the number field that replaced it", async () => {
    const code = 'import { z } from "zod";\nimport { optionalNumber } from "~/lib/number-field";\nexport const rest = z.object({ rest: optionalNumber({ label: "Rest" }) });\n';
    expect(await ruleIdsFor(code, "app/modules/programs/example.schema.ts")).toEqual([]);
  });
});
