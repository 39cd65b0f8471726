import { Transform } from "node:stream";

const HEAD_END = Buffer.from("</head>");

/** React Router's module preloads, as React renders them into the head (`<link rel="modulepreload" href="…"/>`). */
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\/>/g;

/**
 * React hoists a module preload of every hydration script above the stylesheet, so the
 * browser fetches some twenty scripts before it first paints; Lighthouse's mobile
 * simulation then counts them all against the Largest Contentful Paint (services and
 * about scored 96-97 with them, 99-100 without: docs/decisions/0028). Without the
 * preloads, the page's own inline module script imports the same scripts right after the
 * document is parsed, and their imports follow; hydration is one round trip later, the
 * first paint is not held back. Only the document head is rewritten (it ends at an ASCII
 * "</head>", so no character is ever cut); every byte after it passes through untouched.
 */
export function dropModulePreloads(): Transform {
  let head: Buffer | null = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (head === null) return callback(null, chunk);
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf(HEAD_END);
      if (end === -1) return callback();
      const rewritten = head.subarray(0, end).toString("utf8").replace(MODULE_PRELOAD, "");
      const rest = head.subarray(end);
      head = null;
      callback(null, Buffer.concat([Buffer.from(rewritten), rest]));
    },
    flush(callback) {
      callback(null, head ?? undefined);
    },
  });
}
