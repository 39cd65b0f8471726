/** Client JavaScript size and Lighthouse scores of a page (used by web.ts and run.ts). */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** The JavaScript a page loads (gzip, KB; each file's too, largest first), and whether the chart library is among it. */
export async function pageJavaScript(baseUrl: string, path = "/", headers: Record<string, string> = {}): Promise<{ gzipKb: number; charts: boolean; files: { url: string; gzipKb: number }[] }> {
  const html = await (await fetch(`${baseUrl}${path}`, { headers })).text();
  // Every script the page loads is named in it: script tags, and React Router's manifest (hydration imports).
  const urls = new Set([...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
  let bytes = 0;
  let charts = false;
  const files: { url: string; gzipKb: number }[] = [];
  for (const url of urls) {
    const code = Buffer.from(await (await fetch(`${baseUrl}${url}`)).arrayBuffer());
    const gzipped = gzipSync(code, { level: 9 }).length;
    bytes += gzipped;
    files.push({ url, gzipKb: gzipped / 1024 });
    // recharts names its wrapper element's class in its code, minified or not.
    charts ||= code.includes("recharts-wrapper");
  }
  return { gzipKb: bytes / 1024, charts, files: files.sort((a, b) => b.gzipKb - a.gzipKb) };
}

export interface LighthouseResult {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
}

/** Lighthouse sometimes fails to record a trace on a busy machine (NO_NAVSTART): try again. */
export function lighthouse(url: string): LighthouseResult {
  for (let attempt = 1; ; attempt++) {
    try {
      return lighthouseOnce(url);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`  (Lighthouse failed on ${url}, trying again)`);
    }
  }
}

function lighthouseOnce(url: string): LighthouseResult {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "lh-")), "report.json");
  const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  execFileSync(
    process.execPath,
    [
      path.resolve("node_modules/lighthouse/cli/index.js"),
      url,
      "--quiet",
      "--output=json",
      `--output-path=${out}`,
      "--only-categories=performance,accessibility,best-practices,seo",
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-quic",
    ],
    { env: { ...process.env, CHROME_PATH: chromePath }, stdio: ["ignore", "ignore", "inherit"] },
  );
  const report = JSON.parse(fs.readFileSync(out, "utf8"));
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    cls: report.audits["cumulative-layout-shift"].numericValue,
    lcpMs: Math.round(report.audits["largest-contentful-paint"].numericValue),
    tbtMs: Math.round(report.audits["total-blocking-time"].numericValue),
  };
}
