// @test-database none
import { describe, expect, it } from "vitest";
import { fieldErrors } from "~/lib/form";
import { MAX_FEATURES, productFormSchema, productFormValues } from "./product-form.schema";

const weekly = {
  name: "Online Coaching Plus",
  kind: "subscription",
  price: "35",
  description: "Coaching wherever you train.",
  features: "A programme\nWeekly check-ins",
  note: "",
  page: "services",
  period: "week",
  classAccess: "none",
  sessionsPerWeek: "0",
  programTemplateId: "",
};

/** The message at each field of a refused form. */
function refusal(input: Record<string, unknown>) {
  const parsed = productFormSchema.safeParse(input);
  expect(parsed.success, JSON.stringify(input)).toBe(false);
  return parsed.success ? {} : fieldErrors(parsed.error);
}

describe("the product form", () => {
  it("reads a subscription every N weeks with what it includes", () => {
    const values = productFormSchema.parse({ ...weekly, period: "weeks", intervalCount: "2", classAccess: "limited", classesPerWeek: "3", sessionsPerWeek: "1", popular: "on" });
    expect(values).toMatchObject({ kind: "subscription", priceMinor: 3500, intervalUnit: "week", intervalCount: 2, classAccess: "limited", classesPerWeek: 3, sessionsPerWeek: 1, popular: true, features: ["A programme", "Weekly check-ins"] });
    expect(values).toMatchObject({ termWeeks: null, instalments: null, credits: null, creditKind: null, creditValidDays: null });
    expect(productFormSchema.parse({ ...weekly, period: "month" })).toMatchObject({ intervalUnit: "month", intervalCount: 1, popular: false });
    expect(productFormSchema.parse({ ...weekly, period: "months", intervalCount: "3" })).toMatchObject({ intervalUnit: "month", intervalCount: 3 });
  });

  it("reads a term paid in instalments and a pack of credits; a pack includes no classes or sessions", () => {
    expect(productFormSchema.parse({ ...weekly, kind: "term", price: "500", termWeeks: "12", instalments: "3", classAccess: "unlimited" })).toMatchObject({
      priceMinor: 50000,
      termWeeks: 12,
      instalments: 3,
      intervalUnit: null,
      classAccess: "unlimited",
      classesPerWeek: 0,
    });
    expect(productFormSchema.parse({ ...weekly, kind: "pack", price: "99.50", credits: "10", creditKind: "class", creditValidDays: "60", classAccess: "unlimited", sessionsPerWeek: "3" })).toMatchObject({
      priceMinor: 9950,
      credits: 10,
      creditKind: "class",
      creditValidDays: 60,
      classAccess: "none",
      sessionsPerWeek: 0,
      intervalUnit: null,
      termWeeks: null,
    });
  });

  it.each([
    ["-1", "Price must be an amount such as 35 or 35.50"],
    ["0x10", "Price must be an amount such as 35 or 35.50"],
    ["1e2", "Price must be an amount such as 35 or 35.50"],
    ["10^9", "Price must be an amount such as 35 or 35.50"],
    ["1000000000", "Price must be an amount such as 35 or 35.50"],
    ["0", "Price must be more than 0"],
    ["", "Price is required"],
  ])("refuses the price %j with a message", (price, message) => {
    expect(refusal({ ...weekly, price }).price).toBe(message);
  });

  it.each([
    [{ period: "weeks", intervalCount: "13" }, "intervalCount", "Weeks between payments must be a whole number from 1 to 12"],
    [{ period: "weeks", intervalCount: "0x2" }, "intervalCount", "Weeks between payments must be a whole number from 1 to 12"],
    [{ period: "months", intervalCount: "0" }, "intervalCount", "Months between payments must be a whole number from 1 to 12"],
    [{ period: "fortnightly" }, "period", "Choose how often it is paid: every week, every N weeks, every month or every N months"],
    [{ kind: "term", termWeeks: "53", instalments: "1" }, "termWeeks", "Weeks must be a whole number from 1 to 52"],
    [{ kind: "term", termWeeks: "4.5", instalments: "1" }, "termWeeks", "Weeks must be a whole number from 1 to 52"],
    [{ kind: "term", termWeeks: "4", instalments: "13" }, "instalments", "Instalments must be a whole number from 1 to 12"],
    [{ kind: "term", termWeeks: "4", instalments: "6" }, "instalments", "A term cannot have more instalments than weeks"],
    [{ kind: "term", termWeeks: "4", instalments: "4", price: "0.03" }, "instalments", "Each instalment must be more than 0"],
    [{ kind: "pack", credits: "101", creditKind: "class", creditValidDays: "90" }, "credits", "Credits must be a whole number from 1 to 100"],
    [{ kind: "pack", credits: "", creditKind: "class", creditValidDays: "90" }, "credits", "Please enter the credits"],
    [{ kind: "pack", credits: "5", creditKind: "massage", creditValidDays: "90" }, "creditKind", "Choose classes or 1:1 sessions"],
    [{ kind: "pack", credits: "5", creditKind: "class", creditValidDays: "731" }, "creditValidDays", "Days valid must be a whole number from 1 to 730"],
    [{ classAccess: "limited", classesPerWeek: "15" }, "classesPerWeek", "Group classes a week must be a whole number from 1 to 14"],
    [{ classAccess: "limited", classesPerWeek: "0" }, "classesPerWeek", "Group classes a week must be a whole number from 1 to 14"],
    [{ classAccess: "some" }, "classAccess", "Choose no group classes, unlimited, or a number a week"],
    [{ sessionsPerWeek: "8" }, "sessionsPerWeek", "1:1 sessions a week must be a whole number from 0 to 7"],
    [{ sessionsPerWeek: "-1" }, "sessionsPerWeek", "1:1 sessions a week must be a whole number from 0 to 7"],
    [{ kind: "gift" }, "kind", "Choose subscription, fixed term or pack"],
    [{ page: "home" }, "page", "Choose the page that shows it, or none"],
    [{ name: "  " }, "name", "Please enter the name"],
    [{ name: "x".repeat(61) }, "name", "Name must be at most 60 characters"],
    [{ note: "x".repeat(201) }, "note", "Note must be at most 200 characters"],
    [{ description: "x".repeat(501) }, "description", "Description must be at most 500 characters"],
  ])("refuses %j at %s with its message", (change, field, message) => {
    expect(refusal({ ...weekly, ...change })[field]).toBe(message);
  });

  it(`takes the features one a line, blank lines dropped, at most ${MAX_FEATURES} of up to 120 characters`, () => {
    expect(productFormSchema.parse({ ...weekly, features: " One \r\n\r\nTwo\n\n" }).features).toEqual(["One", "Two"]);
    const twelve = Array.from({ length: 12 }, (_, i) => `Feature ${i}`).join("\n");
    expect(productFormSchema.parse({ ...weekly, features: twelve }).features).toHaveLength(12);
    expect(refusal({ ...weekly, features: `${twelve}\nOne more` }).features).toBe("At most 12 features, one a line");
    expect(refusal({ ...weekly, features: `Short\n${"x".repeat(121)}` }).features).toBe("Each feature must be at most 120 characters (one a line)");
  });

  it("gives a stored product back as the form's values, which read back to the same product", () => {
    const stored = productFormSchema.parse({ ...weekly, kind: "term", price: "200.50", termWeeks: "8", instalments: "2", classAccess: "limited", classesPerWeek: "2", popular: "on" });
    const values = productFormValues({ ...stored, priceInput: "200.50" });
    expect(productFormSchema.parse(values)).toEqual(stored);
  });
});
