// @test-database none: no query here (decision 0020).
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { dropModulePreloads } from "./head-priority.server";

async function run(chunks: string[]): Promise<string> {
  const out: Buffer[] = [];
  const stream = Readable.from(chunks.map((c) => Buffer.from(c))).pipe(dropModulePreloads());
  for await (const chunk of stream) out.push(Buffer.from(chunk));
  return Buffer.concat(out).toString("utf8");
}

describe("module preloads in the head", () => {
  it("are dropped, even when a tag is split across chunks; the stylesheet and image preloads stay", async () => {
    const html = await run([
      '<html><head><link rel="preload" as="image" href="/h.svg" fetchPriority="high"/><link rel="modu',
      'lepreload" href="/a.js"/><link rel="stylesheet" href="/s.css"/><link rel="modulepreload" href="/b.js"/></head>',
      "<body>ok</body></html>",
    ]);
    expect(html).toBe('<html><head><link rel="preload" as="image" href="/h.svg" fetchPriority="high"/><link rel="stylesheet" href="/s.css"/></head><body>ok</body></html>');
  });

  it("leave the body alone and keep multi-byte characters whole across chunks", async () => {
    const pound = Buffer.from("£");
    const chunks = [Buffer.from("<head><title>"), pound.subarray(0, 1), Buffer.concat([pound.subarray(1), Buffer.from("</title></head><body>")]), pound.subarray(0, 1), pound.subarray(1), Buffer.from('<link rel="modulepreload" href="/b.js"/></body>')];
    const out: Buffer[] = [];
    for await (const chunk of Readable.from(chunks).pipe(dropModulePreloads())) out.push(Buffer.from(chunk));
    expect(Buffer.concat(out).toString("utf8")).toBe('<head><title>£</title></head><body>£<link rel="modulepreload" href="/b.js"/></body>');
  });
});
