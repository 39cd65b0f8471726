/**
 * An AppError a service throws in a loader reaches the browser with its status and its
 * message, over real HTTP through the whole server: GET /documents/:id for a document
 * that is not there is the nutrition module's 404 'Document not found', private and
 * plain text, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as UsersModule from "~/modules/users/users.server";
import { sessionCookie } from "../support/sign-in";
import { startApp, type RunningApp } from "./fuzz-harness";

const PASSWORD = "App-error-password-1";
const email = "member@app-error.test";

let app: RunningApp;
let cookie = "";

beforeAll(async () => {
  app = await startApp();
  const users = await app.load<typeof UsersModule>("/app/modules/users/users.server.ts");
  await users.createUserWithPassword({ email, password: PASSWORD, name: "Ada Error", role: "member" });
  cookie = await sessionCookie(email, PASSWORD, { base: app.base });
}, 240_000);

afterAll(() => app?.stop());

describe("an AppError thrown in a loader", () => {
  it("answers with its status and message: a missing document is 404 'Document not found'", async () => {
    const response = await fetch(`${app.base}/documents/no-such-document`, { redirect: "manual", headers: { cookie } });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(await response.text()).toBe("Document not found");
  });
});
