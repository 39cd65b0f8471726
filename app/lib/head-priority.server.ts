import { Transform } from "node:stream";

const HEAD_END = Buffer.from("</head>");

/**
 * React hoists every module preload above the stylesheet. Marking them low priority
 * lets the render-blocking CSS (and the hero image) go first; hydration scripts follow.
 * Only the document head is rewritten (it ends at an ASCII "</head>", so no character is
 * ever cut); every byte after it passes through untouched.
 */
export function lowerModulePreloadPriority(): Transform {
  let head: Buffer | null = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (head === null) return callback(null, chunk);
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf(HEAD_END);
      if (end === -1) return callback();
      const rewritten = head.subarray(0, end).toString("utf8").replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');
      const rest = head.subarray(end);
      head = null;
      callback(null, Buffer.concat([Buffer.from(rewritten), rest]));
    },
    flush(callback) {
      callback(null, head ?? undefined);
    },
  });
}
