/**
 * No route of this site has a control character in its path. A URL whose decoded path holds
 * one (a NUL in `/articles/%00`, which PostgreSQL refuses as an 'invalid byte sequence') or
 * whose percent-encoding cannot be decoded is answered 400 here, before any route reads its
 * parameters (decision 0022).
 */
import type { RequestHandler } from "express";

// eslint-disable-next-line no-control-regex -- control characters are exactly what this finds.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

function decodable(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}

export const refuseUnreadablePaths: RequestHandler = (req, res, next) => {
  const decoded = decodable(req.path);
  if (decoded !== null && !CONTROL.test(decoded)) return next();
  res.status(400).type("text/plain").send("Bad request: this address holds characters no page of this site uses.");
};
