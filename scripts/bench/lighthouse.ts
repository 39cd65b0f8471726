/** Client JavaScript size and Lighthouse scores of a page (used by web.ts and run.ts). */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";

/**
 * The JavaScript a page loads (gzip, KB; each file's too, largest first), and whether the
 * chart library is among it, as Chromium loads it: every script fetched until the page
 * says it is hydrated with its parts on demand (`<html data-hydrated>`, decision 0063).
 * The route manifest in the page names more (routes it links to): those load only when
 * followed, so they are not counted.
 */
export async function pageJavaScript(baseUrl: string, path = "/", headers: Record<string, string> = {}): Promise<{ gzipKb: number; charts: boolean; files: { url: string; gzipKb: number }[] }> {
  const browser = await chromium.launch({ executablePath: fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium" });
  try {
    const page = await browser.newPage({ extraHTTPHeaders: headers });
    const scripts: Promise<{ url: string; body: Buffer }>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response.body().then((body) => ({ url: new URL(response.url()).pathname, body })));
    });
    const answer = await page.goto(`${baseUrl}${path}`);
    if (answer?.status() !== 200) throw new Error(`${path} answered ${answer?.status()}`);
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
    let bytes = 0;
    let charts = false;
    const files: { url: string; gzipKb: number }[] = [];
    for (const { url, body } of await Promise.all(scripts)) {
      const gzipped = gzipSync(body, { level: 9 }).length;
      bytes += gzipped;
      files.push({ url, gzipKb: gzipped / 1024 });
      // recharts names its wrapper element's class in its code, minified or not.
      charts ||= body.includes("recharts-wrapper");
    }
    return { gzipKb: bytes / 1024, charts, files: files.sort((a, b) => b.gzipKb - a.gzipKb) };
  } finally {
    await browser.close();
  }
}

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

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
export function lighthouse(url: string, headers: Record<string, string> = {}): LighthouseResult {
  for (let attempt = 1; ; attempt++) {
    try {
      return lighthouseOnce(url, headers);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`  (Lighthouse failed on ${url}, trying again)`);
    }
  }
}

/** `headers`: sent with every request of the page (a signed-in member's cookie). */
function lighthouseOnce(url: string, headers: Record<string, string>): LighthouseResult {
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
      ...(Object.keys(headers).length ? [`--extra-headers=${JSON.stringify(headers)}`] : []),
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-quic",
    ],
    { env: { ...process.env, CHROME_PATH: chromePath }, stdio: ["ignore", "ignore", "inherit"] },
  );
  // BENCH_LIGHTHOUSE_DIR=dir keeps each page's whole report there (which audits cost points, what blocked the main thread).
  const keep = process.env.BENCH_LIGHTHOUSE_DIR;
  if (keep) fs.copyFileSync(out, path.join(fs.mkdirSync(keep, { recursive: true }) ?? keep, `${new URL(url).pathname.replace(/\W+/g, "_") || "home"}.json`));
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
