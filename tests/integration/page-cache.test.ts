// @test-database any: the HTTP surface checked here does not depend on the database kind (decision 0020).
/**
 * The public page cache (server/page-cache.ts) over real HTTP: a shared copy carries no
 * nonce, and its CSP allows exactly its own inline scripts by hash; it is the same
 * document in every encoding; visitors with cookies get a fresh render with a nonce of
 * their own; a saved change of site settings shows at once, and no request empties it.
 */
import crypto from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as DbClient from "~/db/client.server";
import type * as SettingsSchema from "~/db/schema/settings";
import type * as Settings from "~/modules/settings/settings.server";
import type * as UsersModule from "~/modules/users/users.server";
import { chooseEncoding } from "../../server/content-encoding";
import { startApp, type RunningApp } from "../support/in-process-app";
import { form, rawRequest } from "../support/raw-http";
import { rawSender, sessionCookie } from "../support/sign-in";

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

/** The inline scripts of a page (no src), as the browser hashes them. */
function inlineScripts(html: string) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/\ssrc=/.test(m[1]!)).map((m) => m[2]!);
}

const sha256 = (text: string) => `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** The bytes as sent (fetch would decompress them). */
function raw(path: string, encoding: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${app.base}${path}`, { headers: { "accept-encoding": encoding }, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("the public page cache", () => {
  it("serves a copy whose CSP allows exactly its own inline scripts by hash, with no nonce", async () => {
    const first = await fetch(`${app.base}/`);
    const second = await fetch(`${app.base}/`);
    const html = await first.text();
    await second.arrayBuffer();
    const csp = first.headers.get("content-security-policy")!;
    const scriptSrc = /script-src ([^;]+)/.exec(csp)![1]!.split(" ");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(csp).not.toContain("nonce-");
    expect(html).not.toContain("nonce=");
    const scripts = inlineScripts(html);
    expect(scripts.length).toBeGreaterThan(3);
    expect(new Set(scriptSrc)).toEqual(new Set(["'self'", ...scripts.map(sha256)]));
    // The same copy, headers and all, for the next visitor.
    expect(second.headers.get("content-security-policy")).toBe(csp);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("is the same document compressed with brotli, gzip or not at all", async () => {
    const plain = await raw("/services", "identity");
    const gz = await raw("/services", "gzip");
    const br = await raw("/services", "br");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(br.headers["content-encoding"]).toBe("br");
    for (const { headers } of [plain, gz, br]) expect(headers.vary).toBe("Accept-Encoding");
    expect(zlib.gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
  });

  it("compresses a page rendered afresh with brotli's 256 KB window, not its 4 MB default (decision 0178)", async () => {
    // RFC 7932 §9.1: the stream's first bits give the window (WBITS), lowest bit first.
    const windowBits = (first: number) => ((first & 1) === 0 ? 16 : ((first >> 1) & 7) !== 0 ? 17 + ((first >> 1) & 7) : ((first >> 4) & 7) !== 0 ? 8 + ((first >> 4) & 7) : 17);
    const br = await raw("/services?utm_source=x", "br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(windowBits(br.body[0]!)).toBe(18);
    expect(zlib.brotliDecompressSync(br.body).toString()).toContain("</html>");
  });

  it("does not serve the visitors' copy to a request with cookies or a query string", async () => {
    const plain = await fetch(`${app.base}/about`);
    expect(await plain.text()).toContain("Member Login");
    expect(plain.headers.get("content-security-policy")).not.toContain("nonce-");
    // An unknown cookie or a query string still renders afresh (same content for a visitor), with its own nonce.
    for (const [path, headers] of [["/about", { cookie: "something=1" }], ["/about?utm_source=x", {}]] as const) {
      const rendered = await fetch(`${app.base}${path}`, { headers });
      const { header, inBody } = nonces(rendered.headers.get("content-security-policy"), await rendered.text());
      expect(header).toBeTruthy();
      expect(new Set(inBody)).toEqual(new Set([header]));
    }
  });

  it("stays warm through anonymous and refused posts under /admin; an administrator's saved settings show on the next request", async () => {
    const settings = await app.load<typeof Settings>("/app/modules/settings/settings.server.ts");
    const db = await app.load<typeof DbClient>("/app/db/client.server.ts");
    const { siteSetting } = await app.load<typeof SettingsSchema>("/app/db/schema/settings.ts");
    const users = await app.load<typeof UsersModule>("/app/modules/users/users.server.ts");
    const contact = async () => (await fetch(`${app.base}/contact`)).text();
    const current = await settings.getSiteSettings();
    expect(await contact()).not.toContain("Quiet Change Gym");

    // A change straight in the database announces nothing: only an emptied cache would show it.
    await db.getDb().insert(siteSetting).values({ key: "site", value: { ...current, businessName: "Quiet Change Gym" } }).onConflictDoUpdate({ target: siteSetting.key, set: { value: { ...current, businessName: "Quiet Change Gym" } } });
    // As a browser on BASE_URL sends them (React Router checks Origin against Host).
    const post = (path: string, fields: Record<string, string>, cookie = "") =>
      rawRequest(app.base, path, {
        method: "POST",
        headers: { host: "localhost:3000", origin: "http://localhost:3000", "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
        body: form(fields),
      });
    for (const path of ["/admin/settings", "/admin/users", "/admin", "/admin/no-such-page"]) {
      const anonymous = await post(path, { intent: "save", ...current, businessName: "Anonymous" });
      expect(anonymous.status, path).toBeLessThan(500);
    }
    expect(await contact()).not.toContain("Quiet Change Gym");

    await users.createUserWithPassword({ name: "Cara Cache", email: "admin@page-cache.test", password: "cache-Admin-pass-7", role: "admin" });
    const cookie = await sessionCookie("admin@page-cache.test", "cache-Admin-pass-7", { base: "http://localhost:3000", send: rawSender(app.base) });

    // The administrator's refused save (a required field empty) changes nothing and leaves the cache as it was.
    expect((await post("/admin/settings", { intent: "save", ...current, businessName: "" }, cookie)).status).toBe(400);
    expect(await contact()).not.toContain("Quiet Change Gym");

    const saved = await post("/admin/settings", { intent: "save", ...current, businessName: "Cache Test Gym" }, cookie);
    expect(saved.status).toBe(302);
    expect(saved.headers.location).toBe("/admin/settings");
    expect(await contact()).toContain("Cache Test Gym");
  });
});

describe("the encoding of a cached copy", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["br;q=0.5, gzip", "gzip"],
    ["gzip;q=0, br;q=0", "identity"],
    ["GZIP", "gzip"],
    ["*", "br"],
    ["*;q=0.1, br;q=0", "gzip"],
    ["identity", "identity"],
    ["br;q=abc, gzip;q=0.2", "gzip"],
    ["", "identity"],
  ])("Accept-Encoding %j gets %s", (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });

  it("is sent as is without the header", () => {
    expect(chooseEncoding(undefined)).toBe("identity");
  });
});
