// @test-database none: no query here (decision 0020).
import { describe, expect, it } from "vitest";
import { trimCharacters } from "./trim-characters";

describe("trimCharacters", () => {
  it("trims the given characters from both ends, or only from the end", () => {
    expect(trimCharacters("--a-b--", "-")).toBe("a-b");
    expect(trimCharacters("--a-b--", "-", "end")).toBe("--a-b");
    expect(trimCharacters("_-name-_", "-_")).toBe("name");
    expect(trimCharacters("Squat deeper, then...", " .,;:!?-", "end")).toBe("Squat deeper, then");
  });

  it("leaves nothing of a string made only of them, and keeps a string without them", () => {
    expect(trimCharacters("----", "-")).toBe("");
    expect(trimCharacters("", "-")).toBe("");
    expect(trimCharacters("abc", "-")).toBe("abc");
  });

  it("reads a long run once: 200,000 hyphens then a letter", () => {
    const input = `${"-".repeat(200_000)}x`;
    expect(trimCharacters(input, "-")).toBe("x");
    expect(trimCharacters(input, "-", "end")).toBe(input);
  });
});
