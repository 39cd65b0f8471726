import { describe, expect, it } from "vitest";
import { appendResponseCookie, readOncePerRequest, withRequestScope } from "./request-scope.server";

/** A load that counts its calls. */
function counter() {
  let calls = 0;
  return { load: async () => ++calls, calls: () => calls };
}

const noCookies = () => {};

describe("readOncePerRequest", () => {
  it("shares one read among a GET request's callers, per key", async () => {
    const settings = counter();
    const user = counter();
    await withRequestScope({ method: "GET" }, noCookies, async () => {
      const reads = await Promise.all([readOncePerRequest("settings", settings.load), readOncePerRequest("settings", settings.load), readOncePerRequest("user", user.load)]);
      expect(reads).toEqual([1, 1, 1]);
      expect(await readOncePerRequest("settings", settings.load)).toBe(1);
    });
    expect([settings.calls(), user.calls()]).toEqual([1, 1]);
  });

  it("reads afresh in the next request", async () => {
    const settings = counter();
    await withRequestScope({ method: "GET" }, noCookies, () => readOncePerRequest("settings", settings.load));
    await withRequestScope({ method: "HEAD" }, noCookies, () => readOncePerRequest("settings", settings.load));
    expect(settings.calls()).toBe(2);
  });

  it("reads every time in a write request, whose action may change what it reads", async () => {
    const settings = counter();
    await withRequestScope({ method: "POST" }, noCookies, async () => {
      await readOncePerRequest("settings", settings.load);
      await readOncePerRequest("settings", settings.load);
    });
    expect(settings.calls()).toBe(2);
  });

  it("reads every time outside a request", async () => {
    const settings = counter();
    await readOncePerRequest("settings", settings.load);
    await readOncePerRequest("settings", settings.load);
    expect(settings.calls()).toBe(2);
  });
});

describe("appendResponseCookie", () => {
  it("reaches the current request's response only", async () => {
    const first: string[] = [];
    const second: string[] = [];
    await Promise.all([
      withRequestScope({ method: "GET" }, (c) => first.push(c), async () => appendResponseCookie("a=1")),
      withRequestScope({ method: "POST" }, (c) => second.push(c), async () => appendResponseCookie("b=2")),
    ]);
    appendResponseCookie("outside=1");
    expect([first, second]).toEqual([["a=1"], ["b=2"]]);
  });
});
