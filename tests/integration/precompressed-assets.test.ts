// @test-database none
/**
 * The build's compressed copies of its assets (scripts/precompress.ts) are what the server
 * sends, chosen by the client's Accept-Encoding, over real HTTP; a path that is not one of
 * the build's files goes on to the pages without asking the disk. (server-process.test.ts
 * checks the same against the real build.)
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFiles } from "../../server/build-files";

const script = "const greeting = 'hello';\n".repeat(200);
let dir: string;
let server: http.Server;
let base: string;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request with exactly this Accept-Encoding (fetch would add its own and decode). */
function get(pathname: string, acceptEncoding: string | null, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === null ? {} : { "accept-encoding": acceptEncoding };
    const request = http.request(`${base}${pathname}`, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on("error", reject);
    request.end();
  });
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "relentless-precompressed-"));
  fs.mkdirSync(path.join(dir, "nested"));
  fs.writeFileSync(path.join(dir, "app-abc123.js"), script);
  // Marked copies, so a test can tell the build's copy from one compressed per request.
  fs.writeFileSync(path.join(dir, "app-abc123.js.br"), zlib.brotliCompressSync(`${script}// br copy\n`));
  fs.writeFileSync(path.join(dir, "app-abc123.js.gz"), zlib.gzipSync(`${script}// gzip copy\n`));
  fs.writeFileSync(path.join(dir, "nested", "style.css"), "body { color: black; }\n".repeat(100));
  fs.writeFileSync(path.join(dir, "nested", "style.css.br"), zlib.brotliCompressSync("/* nested br copy */"));
  fs.writeFileSync(path.join(dir, "nested", "style.css.gz"), zlib.gzipSync("/* nested gzip copy */"));
  fs.writeFileSync(path.join(dir, "plain.js"), script);
  const app = express();
  app.use(compression());
  app.use("/assets", buildFiles(dir, { immutable: true, maxAge: "1y" }));
  app.use((_req, res) => res.status(404).type("text/plain").send("a page"));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("precompressed assets", () => {
  it("sends the brotli copy to a browser that takes brotli, typed as the original, with its length and long caching", async () => {
    const answer = await get("/assets/app-abc123.js", "gzip, deflate, br, zstd");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(answer.headers.vary).toContain("Accept-Encoding");
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(answer.headers["content-length"]).toBe(String(fs.statSync(path.join(dir, "app-abc123.js.br")).size));
    expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(`${script}// br copy\n`);
  });

  it("sends the gzip copy where brotli is not taken or weighs less", async () => {
    for (const accept of ["gzip", "gzip;q=1, br;q=0.5", "br;q=0, gzip"]) {
      const answer = await get("/assets/app-abc123.js", accept);
      expect(answer.headers["content-encoding"], accept).toBe("gzip");
      expect(zlib.gunzipSync(answer.body).toString(), accept).toBe(`${script}// gzip copy\n`);
    }
  });

  it("sends the file itself, varying by encoding, to a client that takes neither", async () => {
    for (const accept of [null, "identity", "br;q=0, gzip;q=0"]) {
      const answer = await get("/assets/app-abc123.js", accept);
      expect(answer.headers["content-encoding"], String(accept)).toBeUndefined();
      expect(answer.headers.vary, String(accept)).toContain("Accept-Encoding");
      expect(answer.body.toString(), String(accept)).toBe(script);
    }
  });

  it("finds copies in sub-folders and answers HEAD with the copy's headers and no body", async () => {
    const nested = await get("/assets/nested/style.css", "br");
    expect(nested.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(zlib.brotliDecompressSync(nested.body).toString()).toBe("/* nested br copy */");
    const head = await get("/assets/app-abc123.js", "br", "HEAD");
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.body.length).toBe(0);
  });

  it("leaves files without copies, unknown files and other methods to the static files and per-request compression", async () => {
    const plain = await get("/assets/plain.js", "gzip");
    expect(plain.headers["content-encoding"]).toBe("gzip");
    expect(plain.headers["content-length"]).toBeUndefined();
    expect(zlib.gunzipSync(plain.body).toString()).toBe(script);
    expect((await get("/assets/missing.js", "br")).status).toBe(404);
    // The copies themselves are not a way around the negotiation.
    expect((await get("/assets/app-abc123.js", "br", "POST")).status).toBe(404);
  });

  it("lists the build's files when it starts: any other path goes on to the pages", async () => {
    fs.writeFileSync(path.join(dir, "written-later.js"), script);
    const later = await get("/assets/written-later.js", null);
    expect(later.status).toBe(404);
    expect(later.body.toString()).toBe("a page");
    expect((await get("/assets/nested", null)).body.toString()).toBe("a page");
    expect((await get("/assets/%E0%A4%A", null)).body.toString()).toBe("a page");
    expect((await get("/assets/nested/style%2Ecss", "br")).headers["content-type"]).toBe("text/css; charset=utf-8");
  });
});
