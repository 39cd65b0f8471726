// @test-database none: no query here (decision 0020).
import { describe, expect, it } from "vitest";
import { multiLineText, singleLineText, toMultiLine, toSingleLine } from "./text-field";

describe("a one-line field (a name, a title) never holds a line break or a control character (decision 0045)", () => {
  it.each([
    ["Strength\r\nBcc: x@evil.test", "Strength Bcc: x@evil.test"],
    ["Strength\nBase", "Strength Base"],
    ["Strength\rBase", "Strength Base"],
    ["Push\t\tDay", "Push Day"],
    ["A\r\n\r\n\tB", "A B"],
    ["A\u2028B\u2029C\u0085D", "A B C D"],
    ["A\vB\fC", "A B C"],
    ["Bench\u0000 Press", "Bench Press"],
    ["Bell\u0007\u001b[31m", "Bell[31m"],
    ["DEL\u007f and C1\u009b", "DEL and C1"],
    ["name\u202Etxt.exe", "nametxt.exe"],
    ["\u2066isolated\u2069 \u202Aembedded\u202C", "isolated embedded"],
    ["\u05E9\u05DC\u05D5\u05DD \u200Fmark", "\u05E9\u05DC\u05D5\u05DD \u200Fmark"],
    ["Café Crème 💪", "Café Crème 💪"],
  ])("%j becomes %j", (raw, clean) => {
    expect(toSingleLine(raw)).toBe(clean);
  });

  it("is trimmed after folding, and its length rule counts what is stored", () => {
    const name = singleLineText().min(1, "Please enter the name").max(5, "Too long");
    expect(name.parse("\r\n Push \t")).toBe("Push");
    expect(name.safeParse("\r\n\u0000\t").error?.issues[0]?.message).toBe("Please enter the name");
    expect(name.parse("ab\r\ncd")).toBe("ab cd");
  });
});

describe("a field of several lines (notes, Markdown) keeps its lines and drops other controls", () => {
  it.each([
    ["Line one\r\nLine two", "Line one\nLine two"],
    ["Old Mac\rline", "Old Mac\nline"],
    ["Code:\n\tindented", "Code:\n\tindented"],
    ["NUL\u0000 BEL\u0007 ESC\u001b DEL\u007f C1\u0085", "NUL BEL ESC DEL C1"],
    ["Form\ffeed and\vtab", "Formfeed andtab"],
    ["Para\u2029graph", "Para\u2029graph"],
  ])("%j becomes %j", (raw, clean) => {
    expect(toMultiLine(raw)).toBe(clean);
  });

  it("is trimmed after cleaning", () => {
    expect(multiLineText().parse("\u0000\r\n First\r\n\r\nSecond \r\n")).toBe("First\n\nSecond");
  });
});
