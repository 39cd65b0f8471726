// @test-database none: a render on its own (decision 0020).
/**
 * A page whose render does not finish in time is abandoned, logged with its URL, and
 * answered with the error page (503), never an empty 500 with nothing in the log.
 */
import { Writable } from "node:stream";
import { createElement, Suspense, use } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetEnv } from "./env.server";
import { setLogDestination } from "./logger.server";
import { renderDocument } from "./render-document.server";

const URL_OF_PAGE = "http://localhost:3000/programs/p-1?week=3";
let lines: string[] = [];
const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

beforeEach(() => {
  lines = [];
  process.env.LOG_LEVEL = "warn";
  resetEnv();
  setLogDestination(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split("\n").filter(Boolean));
        done();
      },
    }),
  );
});

afterEach(() => {
  delete process.env.LOG_LEVEL;
  resetEnv();
  setLogDestination(undefined);
});

/** A page whose data never comes: what a render that outlives its deadline looks like. */
const never = new Promise<string>(() => {});
function Stuck() {
  return createElement("p", null, use(never));
}
const page = (body: React.ReactNode) => createElement("html", null, createElement("body", null, body));
const render = (element: React.ReactNode) => renderDocument(element, { url: URL_OF_PAGE, status: 200, headers: new Headers(), waitForAll: false, nonce: "n0nce", deadlineMs: 50 });

describe("an abandoned render", () => {
  it("is logged with its URL and answered with the error page (503), when nothing was sent yet", async () => {
    const response = await render(page(createElement(Stuck)));
    expect(response.status).toBe(503);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await response.text();
    expect(html).toContain("<h1>Something went wrong</h1>");
    expect(html).toContain('<a href="/programs/p-1">Reload Page</a>');
    expect(html).toContain('<style nonce="n0nce">');
    expect(logged()).toEqual([expect.objectContaining({ msg: "render abandoned: not finished in time", url: URL_OF_PAGE, shellRendered: false })]);
  });

  it("is logged with its URL when it was abandoned after the page's start was sent", async () => {
    const response = await render(page(createElement(Suspense, { fallback: createElement("p", null, "Loading") }, createElement(Stuck))));
    expect(response.status).toBe(200);
    await response.text();
    expect(logged()).toEqual([expect.objectContaining({ msg: "render abandoned: not finished in time", url: URL_OF_PAGE, shellRendered: true })]);
  });

  it("is logged without the secrets of its URL: a one-time link's token, the way back after signing in, a calendar feed's address", async () => {
    const secretPages = [
      ["http://localhost:3000/reset-password?token=Secret-Reset-Token-1", "http://localhost:3000/reset-password?token=%5Bredacted%5D"],
      ["http://localhost:3000/login?redirectTo=%2Fdata-exports%2Fdownload%3Ftoken%3DSecret-Export-2&x=1", "http://localhost:3000/login?redirectTo=%5Bredacted%5D&x=1"],
      ["http://localhost:3000/calendar/Secret-Feed-3.ics", "http://localhost:3000/calendar/[redacted]"],
    ];
    for (const [url] of secretPages) await renderDocument(page(createElement(Stuck)), { url: url!, status: 200, headers: new Headers(), waitForAll: false, nonce: "n", deadlineMs: 20 });
    expect(logged().map((line) => line.url)).toEqual(secretPages.map(([, logged]) => logged));
    expect(lines.join("")).not.toMatch(/Secret-/);
  });

  it("a render that finishes in time is answered as it is, with nothing logged", async () => {
    const response = await render(page(createElement("p", null, "Week 3")));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("<p>Week 3</p>");
    expect(lines).toEqual([]);
  });
});

describe("the document's stream", () => {
  it("sends each pass of the render in one piece as soon as React has written it: the shell, then the part that waited", async () => {
    let arrive = (_text: string) => {};
    const data = new Promise<string>((resolve) => (arrive = resolve));
    function Late() {
      return createElement("p", null, use(data));
    }
    // A shell of some 20 KB: React writes it in pieces of 4 KB.
    const items = Array.from({ length: 600 }, (_, i) => createElement("li", { key: i }, `Set ${i} of the week`));
    const response = await renderDocument(page([createElement("ul", { key: "sets" }, items), createElement(Suspense, { key: "late", fallback: createElement("p", null, "Loading") }, createElement(Late))]), {
      url: URL_OF_PAGE,
      status: 200,
      headers: new Headers(),
      waitForAll: false,
      nonce: "n",
      deadlineMs: 2_000,
    });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const shell = decoder.decode((await reader.read()).value);
    expect(shell.length).toBeGreaterThan(16_000);
    expect(shell).toContain("Set 0 of the week");
    expect(shell).toContain("Set 599 of the week");
    expect(shell).toContain("Loading");
    expect(shell).not.toContain("Week 3 is done");
    arrive("Week 3 is done");
    let rest = "";
    for (let read = await reader.read(); !read.done; read = await reader.read()) rest += decoder.decode(read.value);
    expect(rest).toContain("Week 3 is done");
    expect(lines).toEqual([]);
  });
});
