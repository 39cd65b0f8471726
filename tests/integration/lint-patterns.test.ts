// @test-database none: no query here (decision 0020).
/**
 * The lint step refuses patterns that backtrack super-linearly (issue 16): the number
 * pattern that once let a member stall the server is reported by the project's own
 * ESLint configuration. Numbers are read one way (decision 0045): z.coerce is refused.
 * Modules answer no HTTP (decision 0129): no runAction, no toast, no Response, no Request.
 */
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

async function messagesFor(code: string, filePath: string) {
  const eslint = new ESLint({ cwd: process.cwd() });
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages;
}

async function ruleIdsFor(code: string, filePath = "app/modules/progress/pattern-example.ts"): Promise<string[]> {
  return (await messagesFor(code, filePath)).map((m) => m.ruleId ?? m.message);
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

describe("the lint step's line between modules and HTTP (decision 0129)", () => {
  const moduleFile = "app/modules/check-ins/example.server.ts";
  const besideTheRoute = "app/routes/members.check-ins.server.ts";
  /** The rules that fired with the decision's message, so a sample that trips some other rule proves nothing. */
  const http = async (code: string, file = moduleFile) => (await messagesFor(code, file)).filter((m) => m.message.includes("decision 0129")).map((m) => m.ruleId);

  const samples: Array<[string, string, string]> = [
    ["imports runAction", 'import { runAction } from "~/lib/action.server";\nexport const answer = (request: unknown) => runAction(request as never, {});\n', "no-restricted-imports"],
    ["imports runAction by a relative path", 'import { runAction } from "../../lib/action.server";\nexport const answer = runAction;\n', "no-restricted-imports"],
    ["imports a toast", 'import { redirectWithToast } from "~/lib/toast.server";\nexport const back = () => redirectWithToast("/", { type: "success", title: "Saved" });\n', "no-restricted-imports"],
    ["imports a toast by a relative path", 'import { redirectWithToast } from "../../lib/toast.server";\nexport const back = redirectWithToast;\n', "no-restricted-imports"],
    ["builds a Response", "export const answer = (body: string) => new Response(body, { status: 200 });\n", "no-restricted-syntax"],
    ["answers Response.json", "export const answer = (body: object) => Response.json(body, { status: 201 });\n", "no-restricted-syntax"],
    ["answers Response.redirect", 'export const answer = () => Response.redirect("/", 303);\n', "no-restricted-syntax"],
    ["takes a Request", "export const readIt = (request: Request) => request.url;\n", "no-restricted-syntax"],
    ["promises a Response", "export const answer = async (): Promise<Response | null> => null;\n", "no-restricted-syntax"],
  ];

  for (const [what, code, rule] of samples) {
    it(`refuses a module that ${what}, and lets the route's own .server.ts do it`, async () => {
      expect(await http(code)).toEqual([rule]);
      expect(await http(code, besideTheRoute)).toEqual([]);
    });
  }

  it("still refuses react-router's data and redirect in a module", async () => {
    const messages = await messagesFor('import { data, redirect } from "react-router";\nexport const a = [data, redirect];\n', moduleFile);
    expect(messages.map((m) => m.ruleId)).toContain("no-restricted-imports");
  });

  it("accepts a module that takes the actor and plain input and throws AppError", async () => {
    const code = 'import { AppError } from "~/lib/app-error";\nexport async function saveIt(actor: { id: string }, input: unknown): Promise<{ id: string }> {\n  if (!input) throw new AppError(400, "Nothing to save.");\n  return { id: actor.id };\n}\n';
    expect(await ruleIdsFor(code, moduleFile)).toEqual([]);
  });
});
