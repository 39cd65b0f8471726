/** @test-database none */
import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { countRequestsInFlight, noRequestInFlight, requestsInFlight, yieldToRequests } from "./requests-in-flight.server";

let server: http.Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** An app whose /held answers only when `release()` is called; `arrived` resolves as it comes in. */
async function heldApp() {
  let release = () => {};
  let arrived = () => {};
  const came = new Promise<void>((resolve) => (arrived = resolve));
  const app = express();
  app.use(countRequestsInFlight);
  app.get("/held", (_req, res) => {
    release = () => res.end("done");
    arrived();
  });
  app.get("/quick", (_req, res) => res.end("quick"));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server!.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, came, release: () => release() };
}

/** Resolves when the count is `n` (the server sees a closed connection a moment after the client). */
async function countBecomes(n: number) {
  await expect.poll(requestsInFlight, { timeout: 5_000, interval: 5 }).toBe(n);
}

describe("requestsInFlight", () => {
  it("counts a request from its arrival until its answer is sent", async () => {
    const { base, came, release } = await heldApp();
    expect(requestsInFlight()).toBe(0);
    const answer = fetch(`${base}/held`).then((r) => r.text());
    await came;
    expect(requestsInFlight()).toBe(1);
    expect(await (await fetch(`${base}/quick`)).text()).toBe("quick");
    await countBecomes(1);
    release();
    expect(await answer).toBe("done");
    await countBecomes(0);
  });

  it("stops counting a request whose client went away before the answer", async () => {
    const { base, came } = await heldApp();
    const controller = new AbortController();
    const answer = fetch(`${base}/held`, { signal: controller.signal }).catch(() => "aborted");
    await came;
    expect(requestsInFlight()).toBe(1);
    controller.abort();
    expect(await answer).toBe("aborted");
    await countBecomes(0);
  });
});

describe("a request whose client went before it was counted", () => {
  it("is not counted (its close came before the count could see it)", async () => {
    let closed = () => {};
    let arrived = () => {};
    const gone = new Promise<void>((resolve) => (closed = resolve));
    const came = new Promise<void>((resolve) => (arrived = resolve));
    const app = express();
    // As the start-up holds requests: this one reaches the count only after its client has gone.
    app.use((_req, res, next) => {
      arrived();
      res.once("close", () => {
        closed();
        setImmediate(next);
      });
    });
    app.use(countRequestsInFlight);
    app.get("/late", (_req, res) => res.end("late"));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server!.once("listening", resolve));
    const controller = new AbortController();
    const answer = fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/late`, { signal: controller.signal }).catch(() => "aborted");
    await came;
    controller.abort();
    expect(await answer).toBe("aborted");
    await gone;
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(requestsInFlight()).toBe(0);
  });
});

describe("waiting for the requests in flight", () => {
  it("resolves at once with none in flight, when the last one is answered, or after its longest wait", async () => {
    await noRequestInFlight(60_000);
    const { base, came, release } = await heldApp();
    const answer = fetch(`${base}/held`).then((r) => r.text());
    await came;
    const order: string[] = [];
    // A wait too short for the request: it ends on its own time.
    await noRequestInFlight(20).then(() => order.push("gave up"));
    expect(requestsInFlight()).toBe(1);
    const waiting = noRequestInFlight(60_000).then(() => order.push("idle"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual(["gave up"]);
    release();
    await waiting;
    expect(order).toEqual(["gave up", "idle"]);
    expect(await answer).toBe("done");
  });

  it("lets a request that arrived during work which never left the event loop be read and answered first", async () => {
    const { base } = await heldApp();
    const order: string[] = [];
    const quick = fetch(`${base}/quick`).then(async (r) => order.push(`answered ${await r.text()}`));
    // Steps that only await promises already settled (as PGlite's answers are), yielding after each.
    for (let step = 0; step < 100_000 && !order.length; step++) {
      await Promise.resolve();
      await yieldToRequests(60_000);
    }
    order.push("work done");
    await quick;
    expect(order).toEqual(["answered quick", "work done"]);
  });
});
