import { describe, expect, it } from "vitest";
import { z } from "zod";
import { runAction } from "./action.server";
import { AppError } from "./app-error";
import { requiredNumber } from "./number-field";

/** React Router's data(payload, init), as runAction returns it. */
type Answer = { type: string; data: Record<string, unknown>; init: { status?: number; headers?: HeadersInit } | null };

function post(fields: Record<string, string>): Request {
  return new Request("http://localhost/form", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

async function answer(request: Request, handlers: Parameters<typeof runAction>[1], options?: Parameters<typeof runAction>[2]): Promise<Answer> {
  const result = await runAction(request, handlers, options);
  expect(result).not.toBeInstanceOf(Response);
  return result as unknown as Answer;
}

const statusOf = (a: Answer) => a.init?.status ?? 200;

describe("runAction", () => {
  it("refuses a body over the limit with 413 and its reason, and runs nothing", async () => {
    let ran = false;
    const a = await answer(post({ intent: "save", text: "x".repeat(2000) }), { save: async () => void (ran = true) }, { maxBytes: 1024 });
    expect(statusOf(a)).toBe(413);
    expect(a.data).toMatchObject({ ok: false, intent: null, error: "The request is too large (limit 1 KB).", fieldErrors: {}, values: {} });
    expect(ran).toBe(false);
  });

  it("answers an intent it has no handler for with 400 'Unknown action'", async () => {
    const a = await answer(post({ intent: "toString", name: "Ann" }), { save: async () => ({}) });
    expect(statusOf(a)).toBe(400);
    expect(a.data).toMatchObject({ ok: false, intent: "toString", error: "Unknown action", values: { intent: "toString", name: "Ann" } });
    const none = await answer(post({ name: "Ann" }), { save: async () => ({}) });
    expect(statusOf(none)).toBe(400);
    expect(none.data).toMatchObject({ ok: false, intent: null, error: "Unknown action" });
  });

  it("turns an AppError into its status, message, title and field messages, echoing the values but never secrets", async () => {
    const fields = { intent: "save", name: "Ann", email: "ann@example.com", password: "hunter2-secret", newPassword: "x1", code: "123456", token: "t0k3n" };
    const a = await answer(post(fields), {
      save: async () => {
        throw new AppError(409, "That e-mail is taken.", { title: "Not saved", fieldErrors: { email: "Already in use." }, retryAfter: 30 });
      },
    });
    expect(statusOf(a)).toBe(409);
    expect(new Headers(a.init?.headers).get("Retry-After")).toBe("30");
    expect(a.data).toEqual({
      ok: false,
      status: 409,
      intent: "save",
      error: "That e-mail is taken.",
      title: "Not saved",
      fieldErrors: { email: "Already in use." },
      values: { intent: "save", name: "Ann", email: "ann@example.com" },
    });
    expect(JSON.stringify(a.data)).not.toMatch(/hunter2|123456|t0k3n|"x1"/);
  });

  it("leaves the page message empty when an AppError speaks through its fields only", async () => {
    const a = await answer(post({ intent: "save" }), {
      save: async () => {
        throw new AppError(400, "", { fieldErrors: { name: "Name is required." } });
      },
    });
    expect(a.data).toMatchObject({ ok: false, error: null, fieldErrors: { name: "Name is required." } });
  });

  it("turns a ZodError into 400 with the first message of each field", async () => {
    const schema = z.object({ name: z.string().min(1, "Name is required.").min(3, "Too short."), age: requiredNumber({ label: "Age", integer: true, messages: { integer: "Whole years." } }) });
    const a = await answer(post({ intent: "save", name: "", age: "1.5" }), { save: async (form) => schema.parse(form) });
    expect(statusOf(a)).toBe(400);
    expect(a.data).toMatchObject({ ok: false, intent: "save", error: null, fieldErrors: { name: "Name is required.", age: "Whole years." } });
  });

  it("passes a returned Response through unchanged", async () => {
    const response = new Response(null, { status: 302, headers: { Location: "/done" } });
    expect(await runAction(post({ intent: "go" }), { go: async () => response })).toBe(response);
  });

  it("answers a returned value as { ok: true, intent, ...value }, with one handler for every form too", async () => {
    const a = await answer(post({ intent: "save", name: "Ann" }), { save: async (form) => ({ saved: form.name }) });
    expect(statusOf(a)).toBe(200);
    expect(a.data).toEqual({ ok: true, intent: "save", saved: "Ann" });
    const single = await answer(post({ name: "Bo" }), async () => undefined);
    expect(single.data).toEqual({ ok: true, intent: "" });
  });

  it("rethrows anything that is not an AppError or ZodError (a bug: the error boundary's 500)", async () => {
    const bug = new TypeError("boom");
    await expect(
      runAction(post({ intent: "save" }), {
        save: async () => {
          throw bug;
        },
      }),
    ).rejects.toBe(bug);
  });
});
