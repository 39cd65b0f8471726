/** Is a build older than the sources it was made from? Shared by `npm start` and the command-line scripts. */
import fs from "node:fs";
import path from "node:path";

/** The newest modification time in a file or folder (a few milliseconds for this tree). */
export function newestMtime(source) {
  if (!fs.existsSync(source)) return 0;
  const stat = fs.statSync(source);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(source).reduce((max, name) => Math.max(max, newestMtime(path.join(source, name))), stat.mtimeMs);
}

/** True when `output` is missing or one of `sources` changed after it was written. */
export function isStale(output, sources) {
  const builtAt = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
  return sources.some((source) => newestMtime(source) > builtAt);
}
