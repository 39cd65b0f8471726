import type { NextFunction, Request, Response } from "express";
import { unsubscribeWithToken } from "~/modules/reminders/reminder-settings.server";
import { UNSUBSCRIBE_LINK_NOT_VALID, UNSUBSCRIBE_PATH } from "~/modules/reminders/reminders.schema";
import { CROSS_ORIGIN_REFUSED, isCrossOrigin } from "./security";

/** A one-click body is one short field; anything longer is not one. */
const MAX_BODY_BYTES = 1024;
const ONE_CLICK = "One-Click";

/** The body, or null when it is longer than a one-click body can be (the rest is read and dropped). */
function smallBody(req: Request): Promise<Buffer | null> {
  if (Number(req.headers["content-length"] ?? 0) > MAX_BODY_BYTES) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    req.on("data", (chunk: Buffer) => {
      bytes += chunk.byteLength;
      if (bytes <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on("end", () => resolve(bytes <= MAX_BODY_BYTES ? Buffer.concat(chunks) : null));
    req.on("error", reject);
  });
}

/** Whether the body is RFC 8058's `List-Unsubscribe=One-Click`, form-encoded or multipart. */
async function isOneClick(req: Request): Promise<boolean> {
  const type = req.headers["content-type"] ?? "";
  if (!/^(?:application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) return false;
  const body = await smallBody(req);
  if (!body) return false;
  try {
    const fields = await new globalThis.Request("http://localhost/", { method: "POST", headers: { "content-type": type }, body: new Uint8Array(body) }).formData();
    return fields.get("List-Unsubscribe") === ONE_CLICK;
  } catch {
    return false;
  }
}

/**
 * RFC 8058's one-click unsubscribe comes from the mail provider, not from our pages: its
 * POST carries the provider's Origin (or `Origin: null`), and the signed token in the link is
 * its authority (decision 0115). That one request, `POST /unsubscribe?token=…` with the body
 * `List-Unsubscribe=One-Click`, is answered here from any origin; every other cross-origin
 * POST, to this path or any other, is refused as sameOriginOnly refuses it. A same-origin
 * POST (the page's own button) goes on to the route.
 */
export function oneClickUnsubscribe(baseUrl: string) {
  const trusted = new URL(baseUrl).origin;
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "POST" || req.path !== UNSUBSCRIBE_PATH || !isCrossOrigin(req, trusted)) return next();
    try {
      if (!(await isOneClick(req))) {
        res.status(403).json({ message: CROSS_ORIGIN_REFUSED });
        return;
      }
      const token = typeof req.query.token === "string" ? req.query.token : "";
      const done = token.length <= 200 ? await unsubscribeWithToken(token) : null;
      res.setHeader("Cache-Control", "no-store");
      res.setHeader("Referrer-Policy", "no-referrer");
      if (done) res.status(200).type("text/plain").send("Unsubscribed.");
      else res.status(404).type("text/plain").send(UNSUBSCRIBE_LINK_NOT_VALID);
    } catch (error) {
      next(error);
    }
  };
}
