// @test-database none
import crypto from "node:crypto";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import { writeReadableStreamToWritable } from "@react-router/node";
import { afterEach, describe, expect, it } from "vitest";
import { drainListenersFollowCompression } from "../../server/drain-listeners";

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A page streamed as React Router streams it (waiting for 'drain' whenever a write is refused), gzipped. */
async function streamPage(withFix: boolean): Promise<{ bytes: number; warnings: string[]; drainListenersLeft: number }> {
  const app = express();
  app.use(compression());
  if (withFix) app.use(drainListenersFollowCompression);
  let gzipStream: NodeJS.EventEmitter | undefined;
  app.get("/", async (_req, res) => {
    res.setHeader("content-type", "text/html");
    // Random bytes do not compress: the gzip stream's buffer fills and refuses writes often.
    const chunks = Array.from({ length: 64 }, () => crypto.randomBytes(32 * 1024).toString("base64"));
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(next));
      },
    });
    // compression hands 'drain' listeners to its stream: catch it as it takes one.
    const on = res.on;
    res.on = function (this: typeof res, event: string, listener: (...args: unknown[]) => void) {
      const result = on.call(this, event, listener);
      if (event === "drain" && result !== this) {
        gzipStream = result as NodeJS.EventEmitter;
        // Without the fix the listeners pile up: counted below, not printed as Node's warning.
        if (!withFix) gzipStream.setMaxListeners(0);
      }
      return result;
    } as typeof res.on;
    await writeReadableStreamToWritable(stream, res);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server!.once("listening", resolve));
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
  process.on("warning", onWarning);
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { headers: { "accept-encoding": "gzip" } });
    const bytes = (await response.arrayBuffer()).byteLength;
    await new Promise((resolve) => setImmediate(resolve));
    return { bytes, warnings, drainListenersLeft: gzipStream?.listenerCount("drain") ?? -1 };
  } finally {
    process.off("warning", onWarning);
  }
}

describe("a large streamed page through the compression middleware", () => {
  it("leaves no 'drain' listener behind on the gzip stream, however often the page waited", async () => {
    const { bytes, warnings, drainListenersLeft } = await streamPage(true);
    expect(bytes).toBeGreaterThan(64 * 32 * 1024);
    expect(drainListenersLeft).toBe(0);
    expect(warnings.filter((w) => w.includes("MaxListenersExceeded"))).toEqual([]);
  });

  it("(the middleware's own cause) without it, each wait leaves a listener on the gzip stream", async () => {
    const { drainListenersLeft } = await streamPage(false);
    expect(drainListenersLeft).toBeGreaterThan(0);
  });
});
