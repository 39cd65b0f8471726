import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import { toNodeHandler } from "better-auth/node";
import compression from "compression";
import express, { type RequestHandler } from "express";
import { getAuth } from "~/auth/auth.server";
import { getDatabase } from "~/db/client.server";
import { bootServices } from "./boot";
import { getEnv } from "~/lib/env.server";
import { getLogger } from "~/lib/logger.server";
import { serveUpload } from "~/modules/uploads/serve-upload.server";
import { clientIp, sameOriginOnly, securityHeaders } from "./security";

declare module "react-router" {
  interface AppLoadContext {
    cspNonce: string;
  }
}

/** Query strings may carry one-time tokens: they are never logged. */
function requestLog(): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      getLogger().info({ method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, "request");
    });
    next();
  };
}

function healthz(): RequestHandler {
  return async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    try {
      if (await getDatabase().ping()) {
        res.json({ status: "ok" });
        return;
      }
    } catch (error) {
      getLogger().error({ err: error }, "health check failed");
    }
    res.status(503).json({ status: "unavailable" });
  };
}

export interface AppOptions {
  /** Production: the built client folder. Development: Vite's middlewares instead. */
  assets: { dir: string } | { middleware: RequestHandler };
}

/** Boots the services and returns the whole HTTP application. */
export async function boot(options: AppOptions) {
  const env = getEnv();
  const booted = await bootServices();
  const dev = "middleware" in options.assets;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY === "true");
  app.use(compression());
  app.use(securityHeaders({ https: env.BASE_URL.startsWith("https://"), dev }));
  if ("dir" in options.assets) {
    // Fingerprinted build output never changes; everything else is revalidated hourly.
    app.use("/assets", express.static(path.join(options.assets.dir, "assets"), { immutable: true, maxAge: "1y", index: false }));
    app.use(express.static(options.assets.dir, { maxAge: "1h", index: false }));
  } else {
    app.use(options.assets.middleware);
  }
  app.use(requestLog());
  app.get("/healthz", healthz());
  // Uploaded images, from local disk or S3 alike; before React Router so it never renders them.
  app.use("/uploads", serveUpload);
  app.use(clientIp);
  app.use(sameOriginOnly(env.BASE_URL));
  app.all("/api/auth/*splat", toNodeHandler(getAuth()));
  app.use(
    createRequestHandler({
      build: () => import("virtual:react-router/server-build"),
      getLoadContext: (_req, res) => ({ cspNonce: String(res.locals.cspNonce) }),
    }),
  );
  return { app, env, ...booted };
}
