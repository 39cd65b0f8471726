// @test-database none
import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { admissionGate } from "../../server/admission-gate";

let server: http.Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** Labels that happened, each awaitable: `when("arrived:c")` resolves once it has. */
function happenings() {
  const seen = new Set<string>();
  const waiters = new Map<string, (() => void)[]>();
  return {
    note(label: string) {
      seen.add(label);
      for (const resolve of waiters.get(label) ?? []) resolve();
      waiters.delete(label);
    },
    when(label: string): Promise<void> {
      if (seen.has(label)) return Promise.resolve();
      return new Promise((resolve) => waiters.set(label, [...(waiters.get(label) ?? []), resolve]));
    },
  };
}

/**
 * The gate in front of pages that answer only when told. Before the gate the server notes
 * each request's arrival and its client's leaving; `started` lists the pages whose work
 * began, in order; `answer(name)` writes one's head, `finish(name)` ends its body.
 */
async function gatedApp(options: Parameters<typeof admissionGate>[0]) {
  const started: string[] = [];
  const open = new Map<string, express.Response>();
  const events = happenings();
  const app = express();
  app.use("/page/:name", (req, res, next) => {
    const name = String(req.params.name);
    events.note(`arrived:${name}`);
    res.once("close", () => events.note(`closed:${name}`));
    // "late…" reaches the gate only once its client has gone, as a request held through the start can.
    if (name.startsWith("late")) void events.when(`closed:${name}`).then(() => setImmediate(next));
    else next();
  });
  app.use(admissionGate(options));
  app.all("/page/:name", (req, res) => {
    const name = String(req.params.name);
    started.push(name);
    open.set(name, res);
    events.note(`started:${name}`);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server!.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    started,
    when: events.when,
    answer: (name: string) => open.get(name)!.writeHead(200, { "Content-Type": "text/plain" }).write(`${name} `),
    finish: (name: string) => open.get(name)!.end("done"),
    complete(...names: string[]) {
      for (const name of names) {
        this.answer(name);
        this.finish(name);
      }
    },
  };
}

const text = (response: Promise<Response>) => response.then((r) => r.text());
/** Lets the server's pending callbacks run: what the gate would start at once has started. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("the admission gate", () => {
  it("works on at most its limit of page reads at once; the next begins, first come first served, when one's head is written", async () => {
    const app = await gatedApp({ limit: 2, holdMs: 60_000 });
    const a = text(fetch(`${app.base}/page/a`));
    await app.when("started:a");
    const b = text(fetch(`${app.base}/page/b`));
    await app.when("started:b");
    const c = text(fetch(`${app.base}/page/c`));
    await app.when("arrived:c");
    const d = text(fetch(`${app.base}/page/d`));
    await app.when("arrived:d");
    await settle();
    // Both places taken: c and d wait, however long.
    expect(app.started).toEqual(["a", "b"]);
    // a's head is written while its body still streams (a slow reader holds no place): c goes ahead, d still waits.
    app.answer("a");
    await app.when("started:c");
    await settle();
    expect(app.started).toEqual(["a", "b", "c"]);
    app.complete("b");
    await app.when("started:d");
    app.finish("a");
    app.complete("c", "d");
    expect(await Promise.all([a, b, c, d])).toEqual(["a done", "b done", "c done", "d done"]);
  });

  it("drops a queued read whose client went: its work never begins", async () => {
    const app = await gatedApp({ limit: 1, holdMs: 60_000 });
    const a = text(fetch(`${app.base}/page/a`));
    await app.when("started:a");
    const controller = new AbortController();
    const gone = fetch(`${app.base}/page/gone`, { signal: controller.signal }).catch(() => "aborted");
    await app.when("arrived:gone");
    const c = text(fetch(`${app.base}/page/c`));
    await app.when("arrived:c");
    controller.abort();
    expect(await gone).toBe("aborted");
    await app.when("closed:gone");
    app.complete("a");
    await app.when("started:c");
    app.complete("c");
    expect(await Promise.all([a, c])).toEqual(["a done", "c done"]);
    expect(app.started).toEqual(["a", "c"]);
  });

  it("drops a read whose client went before it reached the gate, with a place free or not", async () => {
    const app = await gatedApp({ limit: 1, holdMs: 60_000 });
    for (const name of ["late-free", "late-busy"]) {
      const a = name === "late-busy" ? text(fetch(`${app.base}/page/a`)) : null;
      if (a) await app.when("started:a");
      const controller = new AbortController();
      const gone = fetch(`${app.base}/page/${name}`, { signal: controller.signal }).catch(() => "aborted");
      await app.when(`arrived:${name}`);
      controller.abort();
      expect(await gone).toBe("aborted");
      await app.when(`closed:${name}`);
      if (a) {
        app.complete("a");
        expect(await a).toBe("a done");
      }
    }
    // The place a held is free again, and nothing else took it: the next read starts at once.
    const next = text(fetch(`${app.base}/page/next`));
    await app.when("started:next");
    app.complete("next");
    expect(await next).toBe("next done");
    expect(app.started).toEqual(["a", "next"]);
  });

  it("never queues a write or an event stream", async () => {
    const app = await gatedApp({ limit: 1, holdMs: 60_000 });
    const a = text(fetch(`${app.base}/page/a`));
    await app.when("started:a");
    const post = text(fetch(`${app.base}/page/post`, { method: "POST" }));
    const stream = text(fetch(`${app.base}/page/stream`, { headers: { accept: "text/event-stream" } }));
    await Promise.all([app.when("started:post"), app.when("started:stream")]);
    app.complete("post", "stream", "a");
    expect(await Promise.all([a, post, stream])).toEqual(["a done", "post done", "stream done"]);
  });

  it("gives a read's place to the next once it has held it for holdMs (it waits on something else), and goes on with it", async () => {
    const app = await gatedApp({ limit: 1, holdMs: 30 });
    const slow = text(fetch(`${app.base}/page/slow`));
    await app.when("started:slow");
    const next = text(fetch(`${app.base}/page/next`));
    await app.when("started:next");
    app.complete("next", "slow");
    expect(await Promise.all([slow, next])).toEqual(["slow done", "next done"]);
  });

  it("refuses a read with a 503 and Retry-After, without working on it, once maxWaiting wait", async () => {
    const app = await gatedApp({ limit: 1, maxWaiting: 1, holdMs: 60_000 });
    const a = text(fetch(`${app.base}/page/a`));
    await app.when("started:a");
    const queued = text(fetch(`${app.base}/page/queued`));
    await app.when("arrived:queued");
    const refused = await fetch(`${app.base}/page/refused`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(await refused.text()).toBe("The server is busy. Please try again in a moment.");
    app.complete("a");
    await app.when("started:queued");
    app.complete("queued");
    expect(await Promise.all([a, queued])).toEqual(["a done", "queued done"]);
    expect(app.started).toEqual(["a", "queued"]);
  });
});
