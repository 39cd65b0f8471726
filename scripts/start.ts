/**
 * `npm start`: builds the production site when the sources are newer than the
 * last build, then serves it (migrations run at start-up).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const stamp = path.resolve("build/.built-at");
const sources = ["app", "server", "public", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(entry).reduce((max, name) => Math.max(max, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

const builtAt = fs.existsSync(stamp) && fs.existsSync("build/server/index.js") ? fs.statSync(stamp).mtimeMs : 0;
if (sources.some((source) => newestMtime(source) > builtAt)) {
  console.log("Building the production site…");
  execFileSync(process.execPath, [path.resolve("node_modules/@react-router/dev/bin.js"), "build"], { stdio: "inherit" });
  fs.writeFileSync(stamp, new Date().toISOString());
}

await import("../server/main.ts");
