import crypto from "node:crypto";
import { Transform } from "node:stream";

/** A stream that passes bytes through while hashing (SHA-256) and counting them; `result` once it has ended. */
export function hashing(): { stream: Transform; result: () => { sha256: string; bytes: number } } {
  const hash = crypto.createHash("sha256");
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ sha256: hash.digest("hex"), bytes }) };
}
