/**
 * Part of `npm run build`, after `react-router build` and before the service worker: the
 * screens that run on a script of their own (app/lib/page-script.server.ts, decision 0109)
 * bundled with esbuild into build/client/assets/<name>-<hash>.js (with the brotli and gzip
 * copies the server sends), and their addresses listed for the server.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { PAGE_SCRIPTS, PAGE_SCRIPTS_LIST } from "../app/lib/page-script.server.ts";
import { compressedCopies } from "./precompress.ts";

const assets = path.resolve("build/client/assets");
const list: Record<string, string> = {};
for (const [name, entry] of Object.entries(PAGE_SCRIPTS)) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    minify: true,
    target: "es2020",
    write: false,
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "warning",
  });
  const code = result.outputFiles[0]!.contents;
  const file = `${name}-${crypto.createHash("sha256").update(code).digest("base64url").slice(0, 8)}.js`;
  fs.writeFileSync(path.join(assets, file), code);
  compressedCopies(path.join(assets, file));
  list[name] = `/assets/${file}`;
  console.log(`Page script ${name}: ${list[name]} (${(code.length / 1024).toFixed(1)} KB)`);
}
fs.writeFileSync(path.resolve(PAGE_SCRIPTS_LIST), JSON.stringify(list));
