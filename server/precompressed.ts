/**
 * The build's brotli and gzip copies of its scripts and style sheets (scripts/precompress.ts),
 * sent as they are to a client that accepts them: compressing an asset on every request cost
 * the server tens of milliseconds of CPU each, some twenty times for a first page load.
 * Files without copies, and clients that accept neither, go on to the static files (and the
 * compression middleware) unchanged.
 */
import path from "node:path";
import type { RequestHandler } from "express";
import { chooseEncoding, ENCODED_SUFFIX } from "./content-encoding";

export interface StaticOptions {
  maxAge: string;
  immutable?: boolean;
}

/** The files of `files` (URL paths) with both a brotli and a gzip copy beside them. */
function filesWithCopies(files: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  for (const file of files) if (file.endsWith(ENCODED_SUFFIX.br)) {
    const original = file.slice(0, -ENCODED_SUFFIX.br.length);
    if (files.has(original + ENCODED_SUFFIX.gzip)) found.add(original);
  }
  return found;
}

/** `files`: every file under `dir`, as its URL path (server/build-files.ts lists them once). */
export function precompressed(dir: string, files: ReadonlySet<string>, options: StaticOptions): RequestHandler {
  const copies = filesWithCopies(files);
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !copies.has(req.path)) return next();
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
