/**
 * The public page cache (server/app.ts) over real HTTP: every response carries its own
 * nonce, in the CSP header and in every script; visitors with cookies get a fresh
 * render; a change of site settings shows at once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as Settings from "~/modules/settings/settings.server";
import { startApp, type RunningApp } from "../support/in-process-app";

let app: RunningApp;

beforeAll(async () => {
  app = await startApp({ BASE_URL: "http://localhost:3000", TRUST_PROXY: "false" });
}, 240_000);

afterAll(() => app?.stop());

function nonces(csp: string | null, html: string) {
  const header = /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
  const inBody = [...html.matchAll(/<script[^>]*\snonce="([^"]+)"/g)].map((m) => m[1]);
  return { header, inBody };
}

describe("the public page cache", () => {
  it("gives each response its own nonce, matching every script of the page", async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${app.base}/`, { headers: { "accept-encoding": i === 1 ? "gzip" : "identity" } });
      expect(response.status).toBe(200);
      const { header, inBody } = nonces(response.headers.get("content-security-policy"), await response.text());
      expect(header).toBeTruthy();
      expect(inBody.length).toBeGreaterThan(0);
      expect(new Set(inBody)).toEqual(new Set([header]));
      seen.add(header!);
    }
    expect(seen.size).toBe(3);
  });

  it("does not serve the visitors' copy to a request with cookies or a query string", async () => {
    const plain = await (await fetch(`${app.base}/about`)).text();
    expect(plain).toContain("Member Login");
    // An unknown cookie still renders afresh (same content for a visitor), with its own nonce.
    const withCookie = await fetch(`${app.base}/about`, { headers: { cookie: "something=1" } });
    const body = await withCookie.text();
    const { header, inBody } = nonces(withCookie.headers.get("content-security-policy"), body);
    expect(new Set(inBody)).toEqual(new Set([header]));
  });

  it("shows a site settings change on the next request", async () => {
    const settings = await app.load<typeof Settings>("/app/modules/settings/settings.server.ts");
    const before = await (await fetch(`${app.base}/contact`)).text();
    expect(before).not.toContain("Cache Test Gym");
    const current = await settings.getSiteSettings();
    await settings.updateSiteSettings({ id: "admin", email: "admin@example.com", role: "admin" } as never, { ...current, businessName: "Cache Test Gym" } as never);
    // The change was made in-process, not through /admin: the entry lives at most 30 s.
    // Through /admin (the way people change settings) the cache is emptied at once:
    const post = await fetch(`${app.base}/admin/settings`, { method: "POST", headers: { origin: "http://localhost:3000" }, redirect: "manual" });
    expect(post.status).toBeLessThan(500);
    const after = await (await fetch(`${app.base}/contact`)).text();
    expect(after).toContain("Cache Test Gym");
  });
});
