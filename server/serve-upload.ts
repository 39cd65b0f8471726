import { pipeline } from "node:stream/promises";
import type { NextFunction, Request, Response } from "express";
import { getLogger } from "~/lib/logger.server";
import { contentTypeForKey, getStorage } from "~/lib/storage.server";
import { isServableKey } from "~/modules/uploads/serve-upload.server";

function notFound(res: Response) {
  res.status(404).set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }).send("Not found");
}

/**
 * GET/HEAD /uploads/{key}: streams a stored file from the configured storage (local
 * disk or S3 alike, so there is one way to serve them). Keys never change content,
 * so browsers and CDNs may keep them for a year. Mount with app.use("/uploads", ...).
 */
export async function serveUpload(req: Request, res: Response, next: NextFunction): Promise<void> {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  // req.path is still percent-encoded: an encoded '/' or '..' never matches.
  const key = req.path.replace(/^\//, "");
  if (!isServableKey(key)) return notFound(res);
  let file: Awaited<ReturnType<ReturnType<typeof getStorage>["get"]>>;
  try {
    file = await getStorage().get(key);
  } catch (error) {
    getLogger().error({ key, err: error instanceof Error ? error.message : String(error) }, "could not read an upload from storage");
    res.status(503).set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }).send("The file is not available right now.");
    return;
  }
  if (!file) return notFound(res);
  res.status(200).set({
    "Content-Type": contentTypeForKey(key),
    "Content-Length": String(file.bytes),
    "Cache-Control": "public, max-age=31536000, immutable",
  });
  if (req.method === "HEAD") {
    file.body.destroy();
    res.end();
    return;
  }
  try {
    await pipeline(file.body, res);
  } catch (error) {
    // The visitor went away mid-download: nothing to answer.
    if (!res.writableEnded && !res.destroyed) {
      getLogger().warn({ key, err: error instanceof Error ? error.message : String(error) }, "an upload download broke off");
      res.destroy();
    }
  }
}
