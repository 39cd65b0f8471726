/**
 * A request answered before its whole body was read (refused as too large, or as the
 * wrong type) keeps its connection: once the answer is written, the rest of the body is
 * read and thrown away, and the connection then serves the client's next request.
 *
 * Closing instead loses the answer: a socket closed with unread bytes waiting sends a
 * reset, and the client drops whatever of the answer it had not read yet (a 413 page was
 * cut at 114 KB). A body that says it is larger than the limit (DISCARD_LIMIT), or turns out larger,
 * is not worth reading: its connection is closed (`Connection: close`, or destroyed past
 * the limit). Node's own request timeout still ends a body that stops arriving.
 */
import type { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";

const DISCARD_LIMIT = 64 * 1024 * 1024;

function declaredBytes(req: IncomingMessage): number {
  const declared = Number(req.headers["content-length"]);
  return Number.isFinite(declared) ? declared : 0;
}

function discardRest(req: IncomingMessage, limit: number): void {
  // Whoever began reading (React Router's stream of the body) has given up on it.
  req.removeAllListeners("data");
  let discarded = 0;
  req.on("data", (chunk: Buffer) => {
    discarded += chunk.byteLength;
    if (discarded > limit) req.socket.destroy();
  });
  req.resume();
}

/** The middleware; `limit` is the most it reads and throws away (tests make it small). */
export function discardUnreadBodies(limit = DISCARD_LIMIT): RequestHandler {
  return (req, res, next) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
      if (!req.complete && !res.headersSent && declaredBytes(req) > limit) res.setHeader("Connection", "close");
      return writeHead.apply(this, args);
    } as typeof writeHead;
    res.once("finish", () => {
      const closing = String(res.getHeader("connection")).toLowerCase() === "close";
      if (!req.complete && !req.destroyed && !closing) discardRest(req, limit);
    });
    next();
  };
}
