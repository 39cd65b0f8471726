// @test-database none: it reads the docs only.
/**
 * The README stays a guide a newcomer reads in five minutes (issue 47: at most 250 lines, a
 * standing figure), and no link in it or in docs/ points at a file or heading that is gone.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const README_LINES = 250;

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(file);
    return entry.name.endsWith(".md") ? [file] : [];
  });
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");

function anchorsIn(file: string): Set<string> {
  const text = fs.readFileSync(file, "utf8").replace(/```[\s\S]*?```/g, "");
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1]!)));
}

describe("the docs", () => {
  it(`keeps the README at most ${README_LINES} lines`, () => {
    const lines = fs.readFileSync("README.md", "utf8").trimEnd().split("\n").length;
    expect(lines).toBeLessThanOrEqual(README_LINES);
  });

  it("links only to files and headings that exist", () => {
    const broken: string[] = [];
    for (const file of ["README.md", ...markdownFiles("docs")]) {
      const text = fs.readFileSync(file, "utf8").replace(/```[\s\S]*?```/g, "");
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target!)) continue;
        const [pathPart, anchor] = target!.split("#");
        const resolved = pathPart ? path.resolve(path.dirname(file), pathPart) : path.resolve(file);
        if (!fs.existsSync(resolved)) broken.push(`${file}: ${target}`);
        else if (anchor && resolved.endsWith(".md") && !anchorsIn(resolved).has(anchor)) broken.push(`${file}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
