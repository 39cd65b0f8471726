// @test-database none: no query here (decision 0020).
import { describe, expect, it } from "vitest";
import { estimatedOneRepMax } from "./one-rep-max";

describe("estimated one-rep max (Epley)", () => {
  it("is the weight × (1 + reps / 30)", () => {
    expect(estimatedOneRepMax(100, 5)).toBeCloseTo(116.6667, 4);
    expect(estimatedOneRepMax(225, 5)).toBe(262.5);
    expect(estimatedOneRepMax(300, 10)).toBe(400);
    expect(estimatedOneRepMax(250, 1)).toBeCloseTo(258.3333, 4);
  });

  it("is 0 for a set of no added weight, whatever the reps", () => {
    expect(estimatedOneRepMax(0, 12)).toBe(0);
  });
});
