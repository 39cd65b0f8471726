/**
 * The compression middleware hands a response's 'drain' listeners to its gzip stream, but not
 * their removal. React Router waits with `res.once("drain")` each time a streamed page fills
 * the buffer, and a once-listener removes itself from the response, where it is not: every
 * wait left one behind on the gzip stream until Node warned of a leak
 * ("MaxListenersExceededWarning: 11 drain listeners added to [Gzip]"). Installed after
 * compression: a one-time 'drain' listener removes itself from the stream that fired it, and
 * one taken back before it fired never runs.
 */
import type { EventEmitter } from "node:events";
import type { RequestHandler, Response } from "express";

type Listener = (...args: unknown[]) => void;

export const drainListenersFollowCompression: RequestHandler = (_req, res, next) => {
  const waiting = new Map<Listener, Listener>();
  const once = res.once;
  const removeListener = res.removeListener;
  res.once = function (this: Response, event: string | symbol, listener: Listener) {
    if (event !== "drain") return once.call(this, event, listener);
    const fired = function (this: EventEmitter, ...args: unknown[]) {
      this.removeListener("drain", fired);
      if (waiting.get(listener) !== fired) return;
      waiting.delete(listener);
      listener.apply(this, args);
    };
    waiting.set(listener, fired);
    this.on("drain", fired);
    return this;
  } as Response["once"];
  res.removeListener = res.off = function (this: Response, event: string | symbol, listener: Listener) {
    const fired = event === "drain" ? waiting.get(listener) : undefined;
    if (!fired) return removeListener.call(this, event, listener);
    // On the response when nothing is compressed; on the gzip stream it stays until its next
    // 'drain' (then removes itself without running) or until the response ends with it.
    waiting.delete(listener);
    return removeListener.call(this, event, fired);
  } as Response["removeListener"];
  next();
};
