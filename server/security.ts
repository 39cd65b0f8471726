import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";

/** Security headers on every response; a fresh CSP nonce for React Router's inline scripts. */
export function securityHeaders({ https, dev }: { https: boolean; dev: boolean }) {
  return (_req: Request, res: Response, next: NextFunction) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    const scriptSrc = dev ? "'self' 'unsafe-inline'" : `'self' 'nonce-${nonce}' 'strict-dynamic'`;
    const connectSrc = dev ? "'self' ws:" : "'self'";
    res.setHeader(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        `script-src ${scriptSrc}`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self'",
        `connect-src ${connectSrc}`,
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        ...(https ? ["upgrade-insecure-requests"] : []),
      ].join("; "),
    );
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
    if (https) res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    next();
  };
}

/** The client address as our server sees it; a header of the same name from the client is dropped. */
export function clientIp(req: Request, _res: Response, next: NextFunction) {
  req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "unknown";
  next();
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * State-changing requests from another origin are refused. Browsers send Origin
 * (or Sec-Fetch-Site) on every cross-site POST, so a request without either is
 * not a browser acting on a visitor's cookies.
 */
export function sameOriginOnly(baseUrl: string) {
  const trusted = new URL(baseUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.headers.origin;
    const site = req.headers["sec-fetch-site"];
    const crossOrigin = origin ? origin !== trusted : site === "cross-site" || site === "same-site";
    if (crossOrigin) {
      res.status(403).json({ message: "Requests from another site are not allowed." });
      return;
    }
    next();
  };
}
