// @test-database none: no query here (decision 0020).
import { describe, expect, it } from "vitest";
import { fieldErrors } from "~/lib/form";
import { articleSchema, type ArticleField } from "./articles.schema";

const valid = { title: "Squat deeper", excerpt: "", content: "Body", category: "Training", imageId: "", readTime: "5" };

function errorsOf(input: Record<string, unknown>) {
  const result = articleSchema.safeParse(input);
  return result.success ? {} : fieldErrors<ArticleField>(result.error);
}

describe("articleSchema (spec section 5)", () => {
  it("accepts a form post and turns it into typed values", () => {
    expect(articleSchema.parse({ ...valid, published: "on", membersOnly: "on", title: "  Squat deeper  " })).toEqual({
      title: "Squat deeper",
      excerpt: "",
      content: "Body",
      category: "Training",
      imageId: null,
      readTime: 5,
      published: true,
      membersOnly: true,
    });
    // Unticked checkboxes are simply absent.
    expect(articleSchema.parse(valid)).toMatchObject({ published: false, membersOnly: false });
  });

  it("accepts typed JSON too (the content manager sends it)", () => {
    expect(articleSchema.parse({ ...valid, readTime: 12, published: true, membersOnly: false, imageId: "img-1" })).toMatchObject({
      readTime: 12,
      published: true,
      imageId: "img-1",
    });
  });

  it("requires a title and content", () => {
    expect(errorsOf({ ...valid, title: "   ", content: "" })).toEqual({ title: "Title is required", content: "Content is required" });
    expect(errorsOf({ category: "Training", readTime: "5" })).toEqual({ title: "Title is required", content: "Content is required" });
  });

  it.each(["", "0", "-3", "1.5", "abc", "  ", "0x10", "1e1", "Infinity"])("refuses read time %j", (readTime) => {
    expect(errorsOf({ ...valid, readTime })).toEqual({ readTime: "Read time must be a whole number of at least 1" });
  });

  it("caps read time so it fits the column", () => {
    expect(errorsOf({ ...valid, readTime: "100000" })).toEqual({ readTime: "Read time must be at most 999 minutes" });
  });

  it.each(["", "Cooking", "training"])("refuses category %j", (category) => {
    expect(errorsOf({ ...valid, category })).toEqual({ category: "Please choose a category" });
  });
});
