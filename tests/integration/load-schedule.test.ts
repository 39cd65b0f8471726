// @test-database none: no query here (decision 0020).
import { describe, expect, it } from "vitest";
import { mixPicker, percentile, schedule } from "../../scripts/load/open-loop";
import { SHARES } from "../../scripts/load/mix";

describe("npm run load's open loop (decision 0150)", () => {
  it("starts one request every 1000/rate ms, whatever the answers", () => {
    expect(schedule(4, 2)).toEqual([0, 250, 500, 750, 1000, 1250, 1500, 1750]);
    expect(schedule(120, 20)).toHaveLength(2400);
    expect(schedule(120, 20).at(-1)).toBeCloseTo((2399 * 1000) / 120);
  });

  it("takes nearest-rank percentiles", () => {
    const times = Array.from({ length: 100 }, (_, i) => i + 1);
    expect([percentile(times, 50), percentile(times, 95), percentile(times, 99), percentile(times, 100)]).toEqual([50, 95, 99, 100]);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 99)).toBe(0);
  });

  it("picks the mix's kinds in their shares, each within one of its share at every point", () => {
    const pick = mixPicker(SHARES);
    const total = Object.values(SHARES).reduce((a: number, b: number) => a + b, 0);
    expect(total).toBe(100);
    const counts = new Map<string, number>();
    for (let n = 1; n <= 1000; n++) {
      const kind = pick();
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
      for (const [k, share] of Object.entries(SHARES)) expect(Math.abs((counts.get(k) ?? 0) - (share / total) * n)).toBeLessThanOrEqual(1);
    }
    expect(counts.get("set (/sync)")).toBe(300);
    expect(counts.get("/coach")).toBe(40);
  });

  it("leaves out a kind of no share", () => {
    const pick = mixPicker({ a: 1, b: 0 });
    expect(new Set(Array.from({ length: 10 }, pick))).toEqual(new Set(["a"]));
  });
});
