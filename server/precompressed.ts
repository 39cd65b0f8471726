/**
 * The build's brotli and gzip copies of its scripts and style sheets (scripts/precompress.ts),
 * sent as they are to a client that accepts them: compressing an asset on every request cost
 * the server tens of milliseconds of CPU each, some twenty times for a first page load.
 * Files without copies, and clients that accept neither, go on to the static files (and the
 * compression middleware) unchanged.
 */
import fs from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";
import { chooseEncoding, ENCODED_SUFFIX } from "./content-encoding";

interface StaticOptions {
  maxAge: string;
  immutable?: boolean;
}

/** Every file under `dir` that has a compressed copy, as its URL path ("/entry-abc.js"). */
function filesWithCopies(dir: string): Set<string> {
  const found = new Set<string>();
  if (!fs.existsSync(dir)) return found;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(ENCODED_SUFFIX.br)) continue;
    const original = path.join(entry.parentPath, entry.name.slice(0, -ENCODED_SUFFIX.br.length));
    if (fs.existsSync(original + ENCODED_SUFFIX.gzip)) found.add(`/${path.relative(dir, original).split(path.sep).join("/")}`);
  }
  return found;
}

export function precompressed(dir: string, options: StaticOptions): RequestHandler {
  const files = filesWithCopies(dir);
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !files.has(req.path)) return next();
    res.vary("Accept-Encoding");
    const encoding = chooseEncoding(req.headers["accept-encoding"]);
    if (encoding === "identity") return next();
    // The original's type; the compression middleware leaves an encoded response alone.
    res.type(path.extname(req.path));
    res.setHeader("Content-Encoding", encoding);
    res.sendFile(path.join(dir, req.path + ENCODED_SUFFIX[encoding]), { ...options, dotfiles: "deny" }, (error) => {
      if (error) next(error);
    });
  };
}
