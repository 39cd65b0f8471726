// @test-database none: no query here (decision 0020).
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { flag, pageNumber, parseSearchParams, redirectPath, reference, searchText, tokenQuery, valueWhere } from "./search-params";

const schema = z.object({ q: searchText(10), page: pageNumber, open: reference(5), add: flag, day: valueWhere((v) => v === "2026-11-26"), next: redirectPath });
const read = (query: string) => parseSearchParams(`http://localhost/x?${query}`, schema);

describe("reading a query string", () => {
  it("gives each field's default when the query is empty", () => {
    expect(read("")).toEqual({ q: "", page: 1, open: undefined, add: false, day: undefined, next: undefined });
  });

  it("removes NUL and every other control character before any field sees the value; a redirect target holding one is absent", () => {
    expect(read("q=%00").q).toBe("");
    expect(read("q=sq%00u%01a%1Ft%7Fs%C2%85").q).toBe("squats");
    expect(read("open=%00").open).toBeUndefined();
    expect(read("next=/members%00").next).toBeUndefined();
    expect(read("next=%2Fev%09il.example").next).toBeUndefined();
    // Right-to-left marks and other format characters are text, not control characters.
    expect(read("q=%E2%80%8F%D7%A9").q).toBe("\u200F\u05E9");
  });

  it("takes the first of a repeated key and ignores keys the schema does not name", () => {
    expect(read("q=one&q=two&page=2&page=3&__proto__=x&role=admin")).toMatchObject({ q: "one", page: 2 });
    const unknown = read("role=admin&constructor=1");
    expect(unknown).toEqual(read(""));
    expect(Object.keys(unknown)).not.toContain("role");
  });

  it("reads a page from 1 and falls back to 1 for anything else", () => {
    for (const [raw, page] of [["3", 3], ["-1", 1], ["0", 1], ["1e309", 1], ["abc", 1], ["1.5", 1], ["", 1], ["99999999999", 1], ["0x2", 1], ["2e0", 1], ["%202%20", 2]] as const) {
      expect(read(`page=${raw}`).page, raw).toBe(page);
    }
  });

  it("trims and cuts free text, and refuses an id that is too long rather than cutting it", () => {
    expect(read(`q=${encodeURIComponent("  abcdefghijklmnop ")}`).q).toBe("abcdefghij");
    expect(read("open=abcde").open).toBe("abcde");
    expect(read("open=abcdef").open).toBeUndefined();
    expect(read("open=%20%20").open).toBeUndefined();
  });

  it("switches a flag on only for exactly 1", () => {
    expect(read("add=1").add).toBe(true);
    expect(read("add=true").add).toBe(false);
    expect(read("add=").add).toBe(false);
  });

  it("keeps a checked value only when the check holds", () => {
    expect(read("day=2026-11-26").day).toBe("2026-11-26");
    expect(read("day=9999-12-31").day).toBeUndefined();
  });

  it("keeps a redirect path only when it is printable ASCII (what can be a header value)", () => {
    expect(read(`next=${encodeURIComponent("/members?tab=progress")}`).next).toBe("/members?tab=progress");
    expect(read("next=/%F0%9F%98%80").next).toBeUndefined();
    expect(read("next=/a%20b").next).toBeUndefined();
    expect(read("next=").next).toBeUndefined();
  });

  it("reads a one-time link's token from a Request", () => {
    expect(parseSearchParams(new Request("http://localhost/setup?token=abc%00"), tokenQuery)).toEqual({ token: "abc" });
    expect(parseSearchParams(new Request(`http://localhost/setup?token=${"x".repeat(201)}`), tokenQuery)).toEqual({ token: undefined });
  });
});
