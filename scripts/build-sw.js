/**
 * Part of `npm run build`, after `react-router build`: the service worker
 * (app/service-worker/sw.ts) bundled with esbuild, then Workbox writes the list of files it
 * precaches (the hashed assets, the fonts, the icons; each with its revision) into
 * build/client/sw.js (decision 0092).
 */
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { injectManifest } from "workbox-build";

const bundled = path.resolve("build/sw/sw.js");

await build({
  entryPoints: ["app/service-worker/sw.ts"],
  bundle: true,
  format: "iife",
  minify: true,
  target: "es2020",
  outfile: bundled,
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "warning",
});

const { count, size, warnings } = await injectManifest({
  swSrc: bundled,
  swDest: path.resolve("build/client/sw.js"),
  globDirectory: path.resolve("build/client"),
  globPatterns: ["assets/**/*.{js,css,woff2}", "icons/*.png", "favicon.svg"],
  // Hashed names change with their content: no revision needed.
  dontCacheBustURLsMatching: /^assets\//,
});
for (const warning of warnings) console.warn(warning);
fs.rmSync(path.dirname(bundled), { recursive: true, force: true });
console.log(`Service worker: ${count} files precached (${Math.round(size / 1024)} KB).`);
