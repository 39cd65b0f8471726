/**
 * The build's own files (build/client): its fingerprinted assets, the service worker, icons
 * and images. They are listed once when the server starts (the build does not change while
 * it runs), so a page's request goes straight on to React Router instead of first asking
 * the disk whether a file of its name exists, which cost about 2 % of the server's CPU
 * under the evening mix (issue 49). A listed file is sent as before: its brotli or gzip
 * copy when there is one and the client accepts it, else the file itself.
 */
import fs from "node:fs";
import path from "node:path";
import express, { type RequestHandler } from "express";
import { precompressed, type StaticOptions } from "./precompressed";

/** Every file under `dir`, as its URL path ("/icons/icon-192.png"). */
function filesUnder(dir: string): Set<string> {
  const found = new Set<string>();
  if (!fs.existsSync(dir)) return found;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) found.add(`/${path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`);
  }
  return found;
}

function decoded(urlPath: string): string | null {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return null;
  }
}

export function buildFiles(dir: string, options: StaticOptions): RequestHandler {
  const files = filesUnder(dir);
  const copies = precompressed(dir, files, options);
  const originals = express.static(dir, { ...options, index: false });
  return (req, res, next) => {
    const file = decoded(req.path);
    if (file === null || !files.has(file)) return next();
    copies(req, res, (error?: unknown) => (error ? next(error) : originals(req, res, next)));
  };
}
