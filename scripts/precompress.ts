/**
 * Part of `npm run build` (a Vite plugin of the client build): a brotli and a gzip copy
 * beside every compressible file the client build writes (`x.js.br`, `x.js.gz`), made
 * once at the highest levels. The server sends them as they are
 * (server/precompressed.ts) instead of compressing each asset on every request.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { Plugin } from "vite";
import { ENCODED_SUFFIX } from "../server/content-encoding.ts";

/** Text formats; images and fonts are compressed already. Below 1 KB a copy saves nothing. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|html|xml|webmanifest)$/;
const MIN_BYTES = 1024;

export function compressedCopies(file: string): void {
  const body = fs.readFileSync(file);
  const br = zlib.brotliCompressSync(body, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  const gz = zlib.gzipSync(body, { level: zlib.constants.Z_BEST_COMPRESSION });
  // A copy no smaller than the file itself is not worth a Content-Encoding.
  if (br.length < body.length) fs.writeFileSync(file + ENCODED_SUFFIX.br, br);
  if (gz.length < body.length) fs.writeFileSync(file + ENCODED_SUFFIX.gzip, gz);
}

export function precompressAssets(): Plugin {
  return {
    name: "relentless:precompress",
    apply: "build",
    writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      for (const output of Object.values(bundle)) {
        const size = output.type === "chunk" ? Buffer.byteLength(output.code) : output.source.length;
        if (COMPRESSIBLE.test(output.fileName) && size >= MIN_BYTES) compressedCopies(path.join(dir, output.fileName));
      }
    },
  };
}
