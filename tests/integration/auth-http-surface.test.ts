// @test-database any: the HTTP surface checked here does not depend on the database kind (decision 0020).
/**
 * better-auth's HTTP API is not served (docs/decisions/0024-auth-http-surface-and-two-factor.md):
 * every /api/auth path answers 404 over real HTTP, and before reading the body, so a
 * 10 MB post costs the server nothing.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "../support/in-process-app";
import { rawRequest } from "../support/raw-http";

let app: RunningApp;

beforeAll(async () => {
  app = await startApp({ BASE_URL: "http://localhost:3000", TRUST_PROXY: undefined });
}, 180_000);
afterAll(() => app?.stop());

/**
 * Announces a 10 MB body and sends only its first megabyte, then waits: a server that
 * read the body before answering would never answer.
 */
function postTenMegabytesHalfSent(path: string): Promise<{ status: number; sent: number; connection: string | undefined }> {
  const total = 10 * 1024 * 1024;
  const url = new URL(app.base);
  return new Promise((resolve, reject) => {
    let sent = 0;
    const req = http.request(
      { host: url.hostname, port: url.port, path, method: "POST", agent: false, headers: { "content-type": "application/json", "content-length": String(total), origin: "http://localhost:3000" } },
      (res) => {
        res.resume();
        resolve({ status: res.statusCode!, sent, connection: res.headers.connection });
        req.destroy();
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "ECONNRESET" && error.code !== "EPIPE") reject(error);
    });
    const chunk = Buffer.alloc(64 * 1024, 120);
    while (sent < 1024 * 1024) {
      req.write(chunk);
      sent += chunk.length;
    }
  });
}

describe("the auth HTTP surface", () => {
  it.each([
    ["GET", "/api/auth/get-session"],
    ["GET", "/api/auth"],
    ["POST", "/api/auth/sign-in/email"],
    ["POST", "/api/auth/change-password"],
    ["POST", "/api/auth/admin/set-role"],
    ["POST", "/api/auth/admin/impersonate-user"],
    ["POST", "/api/auth/two-factor/enable"],
  ])("%s %s answers 404", async (method, path) => {
    const response = await rawRequest(app.base, path, {
      method,
      headers: { host: "localhost:3000", origin: "http://localhost:3000", "content-type": "application/json" },
      body: method === "POST" ? JSON.stringify({ email: "a@b.test", password: "password", userId: "x", role: "admin" }) : undefined,
    });
    expect(response.status).toBe(404);
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("answers a 10 MB post with 404 before reading it, and closes the connection", async () => {
    const answer = await postTenMegabytesHalfSent("/api/auth/sign-in/email");
    expect(answer.status).toBe(404);
    expect(answer.sent).toBeLessThan(10 * 1024 * 1024);
    expect(answer.connection).toBe("close");
  });
});
