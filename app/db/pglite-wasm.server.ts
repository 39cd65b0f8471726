/**
 * PGlite's WebAssembly (9 MB), read and compiled once per process. The server's entry starts
 * it before it loads its other modules, so V8 compiles it on its background threads while
 * the main thread loads them; PGlite then starts from the compiled module (decision 0175).
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import v8 from "node:v8";

let compiled: Promise<WebAssembly.Module> | undefined;

export function pgliteWasm(): Promise<WebAssembly.Module> {
  if (compiled) return compiled;
  // One background thread, not one a core, optimises PGlite's busiest functions as they
  // become busy: the server is sized for a core a process, and more threads took the cores
  // from the start's own work, 0.2-0.3 s of a start (decision 0175).
  v8.setFlagsFromString("--wasm-num-compilation-tasks=1");
  // Read at once (a few milliseconds from the operating system's cache): a read's callback
  // would wait for the main thread, busy loading modules, and the compile with it.
  compiled = (async () => WebAssembly.compile(fs.readFileSync(wasmFile())))();
  return compiled;
}

/** The file PGlite itself would load: pglite.wasm beside the package's entry. */
function wasmFile(): string {
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  return path.join(path.dirname(entry), "pglite.wasm");
}
