import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { CLIENT_IP_HEADER, resolveClientAddress, type TrustProxy } from "~/lib/client-ip.server";

/** The headers every response carries, with this script-src (a nonce per rendered page, hashes for shared copies). */
export function securityHeaderList({ https, dev = false, scriptSrc, formTargets = [] }: { https: boolean; dev?: boolean; scriptSrc: string; formTargets?: readonly string[] }): [string, string][] {
  const csp = [
    "default-src 'self'",
    `script-src ${dev ? "'self' 'unsafe-inline'" : scriptSrc}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${dev ? "'self' ws:" : "'self'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    // A form's redirect to another origin is blocked unless listed: the payment provider's hosted page is.
    `form-action ${["'self'", ...formTargets].join(" ")}`,
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ];
  return [
    ["Content-Security-Policy", csp.join("; ")],
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Cross-Origin-Resource-Policy", "same-origin"],
    ...(https ? ([["Strict-Transport-Security", "max-age=63072000; includeSubDomains"]] as [string, string][]) : []),
  ];
}

/** Security headers on every response; a fresh CSP nonce for React Router's inline scripts. */
export function securityHeaders({ https, dev, formTargets }: { https: boolean; dev: boolean; formTargets: readonly string[] }) {
  return (_req: Request, res: Response, next: NextFunction) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    for (const [name, value] of securityHeaderList({ https, dev, formTargets, scriptSrc: `'self' 'nonce-${nonce}' 'strict-dynamic'` })) res.setHeader(name, value);
    next();
  };
}

/** The client address as the trusted proxies report it; a header of the same name from the client is overwritten. */
export function clientIp(trust: TrustProxy) {
  return (req: Request, _res: Response, next: NextFunction) => {
    req.headers[CLIENT_IP_HEADER] = resolveClientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], trust);
    next();
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a state-changing request comes from another origin. Browsers send Origin (or
 * Sec-Fetch-Site) on every cross-site POST, so a request without either is not a browser
 * acting on a visitor's cookies.
 */
export function isCrossOrigin(req: Request, trusted: string): boolean {
  if (SAFE_METHODS.has(req.method)) return false;
  const origin = req.headers.origin;
  const site = req.headers["sec-fetch-site"];
  return origin ? origin !== trusted : site === "cross-site" || site === "same-site";
}

export const CROSS_ORIGIN_REFUSED = "Requests from another site are not allowed.";

/** State-changing requests from another origin are refused (the one exception: server/one-click-unsubscribe.ts). */
export function sameOriginOnly(baseUrl: string) {
  const trusted = new URL(baseUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (isCrossOrigin(req, trusted)) {
      res.status(403).json({ message: CROSS_ORIGIN_REFUSED });
      return;
    }
    next();
  };
}
