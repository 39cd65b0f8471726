// @test-database none: no query here (decision 0020).
import { describe, expect, it } from "vitest";
import { estimatedOneRepMax, estimateOneRepMax, percentOfOneRepMax, roundToPlates, rpeFromRir } from "./one-rep-max";

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

describe("the estimate a workout plans from", () => {
  it("is weight × (1 + reps / 30), and a single is its own max", () => {
    expect(estimateOneRepMax(100, 5)).toBeCloseTo(116.667, 3);
    expect(estimateOneRepMax(100, 10)).toBeCloseTo(133.333, 3);
    expect(estimateOneRepMax(140, 1)).toBe(140);
  });

  it.each([
    ["no weight", null, 5],
    ["no reps", 100, null],
    ["a weight of 0 (a body-weight set)", 0, 8],
    ["more than 12 reps", 60, 13],
  ])("says nothing for %s", (_label, weight, reps) => {
    expect(estimateOneRepMax(weight, reps)).toBeNull();
  });
});

describe("RPE chart", () => {
  it.each([
    [1, 10, 100],
    [1, 9.5, 97.8],
    [2, 10, 95.5],
    [5, 8, 81.1],
    [3, 9, 89.2],
    [8, 10, 78.6],
    [12, 6.5, 58.6],
  ])("%i reps at RPE %f is %f percent of 1RM", (reps, rpe, percent) => {
    expect(percentOfOneRepMax(reps, rpe)).toBe(percent);
  });

  it.each([
    [0, 8],
    [13, 8],
    [2.5, 8],
    [5, 6],
    [5, 10.5],
    [5, 8.25],
  ])("has no entry for %f reps at RPE %f", (reps, rpe) => {
    expect(percentOfOneRepMax(reps, rpe)).toBeNull();
  });

  it("reads RIR as 10 − RPE", () => {
    expect(rpeFromRir(2)).toBe(8);
    expect(percentOfOneRepMax(5, rpeFromRir(2))).toBe(81.1);
  });
});

it("rounds a suggestion to the nearest plate step", () => {
  expect(roundToPlates(81.2, 2.5)).toBe(80);
  expect(roundToPlates(83.9, 2.5)).toBe(85);
  expect(roundToPlates(187, 5)).toBe(185);
});
