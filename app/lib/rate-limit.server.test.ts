import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { requestLimit } from "~/db/schema/limits";
import { consumeLimit } from "./rate-limit.server";

const limit = { window: 60, max: 3 } as const;
const T0 = 1_700_000_000_000;

async function take(key: string, times: number, now: number) {
  const out = [];
  for (let i = 0; i < times; i += 1) out.push(await consumeLimit(key, limit, now));
  return out;
}

describe("consumeLimit", () => {
  it("allows `max` requests in a window, refuses the next with the seconds left", async () => {
    const results = await take("test:a", 4, T0);
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfter).toBe(60);
    // 45 s later, 15 s of the window remain.
    expect(await consumeLimit("test:a", limit, T0 + 45_000)).toEqual({ allowed: false, retryAfter: 15 });
  });

  it("counts per key: another key has its own allowance", async () => {
    await take("test:b1", 3, T0);
    expect((await consumeLimit("test:b1", limit, T0)).allowed).toBe(false);
    expect((await consumeLimit("test:b2", limit, T0)).allowed).toBe(true);
    const [row] = await getDb().select().from(requestLimit).where(eq(requestLimit.key, "test:b2"));
    expect(row).toEqual({ key: "test:b2", windowStart: T0, count: 1 });
  });

  it("resets once the window has passed, and starts the new window then", async () => {
    await take("test:c", 4, T0);
    expect((await consumeLimit("test:c", limit, T0 + 59_999)).allowed).toBe(false);
    const fresh = await consumeLimit("test:c", limit, T0 + 60_000);
    expect(fresh.allowed).toBe(true);
    const [row] = await getDb().select().from(requestLimit).where(eq(requestLimit.key, "test:c"));
    expect(row).toMatchObject({ windowStart: T0 + 60_000, count: 1 });
    const next = await take("test:c", 3, T0 + 61_000);
    expect(next.map((r) => r.allowed)).toEqual([true, true, false]);
    expect(next[2]!.retryAfter).toBe(59);
  });

  it("counts simultaneous requests exactly (atomic in the database)", async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => consumeLimit("test:d", limit, T0)));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
    const [row] = await getDb().select().from(requestLimit).where(eq(requestLimit.key, "test:d"));
    expect(row!.count).toBe(10);
  });

  it("never reports less than one second to wait", async () => {
    await take("test:e", 3, T0);
    expect(await consumeLimit("test:e", limit, T0 + 59_900)).toEqual({ allowed: false, retryAfter: 1 });
  });
});
