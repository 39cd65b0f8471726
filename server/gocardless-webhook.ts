import type { NextFunction, Request, Response } from "express";
import { BODY_TOO_LARGE, receiveProviderWebhook, WEBHOOK_BODY_LIMIT } from "~/modules/billing/webhook-intake.server";

/** The raw body, or null once it passes `limit` bytes (the rest is read and dropped, so the answer still reaches the sender). */
function rawBody(req: Request, limit: number): Promise<Buffer | null> {
  if (Number(req.headers["content-length"] ?? 0) > limit) {
    req.resume();
    return Promise.resolve(null);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    req.on("data", (chunk: Buffer) => {
      bytes += chunk.byteLength;
      if (bytes <= limit) chunks.push(chunk);
    });
    req.on("end", () => resolve(bytes <= limit ? Buffer.concat(chunks) : null));
    req.on("error", reject);
  });
}

/**
 * `POST /webhooks/gocardless` (decision 0134): GoCardless posts from its own servers, so
 * this is answered before sameOriginOnly and React Router; its authority is the HMAC of the
 * raw body, checked on the exact bytes received (no parser runs first). Bodies over the
 * cap are refused with 413 unread; the answer comes as soon as the events are stored.
 */
export function goCardlessWebhook() {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      res.setHeader("Cache-Control", "no-store");
      const body = await rawBody(req, WEBHOOK_BODY_LIMIT);
      if (!body) {
        res.status(413).json({ message: BODY_TOO_LARGE });
        return;
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
      const answer = await receiveProviderWebhook(body, headers);
      res.status(answer.status).json(answer.body);
    } catch (error) {
      next(error);
    }
  };
}
