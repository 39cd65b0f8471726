// @test-database none: no query here (decision 0020).
import { describe, expect, it } from "vitest";
import { can, toRole } from "./permissions";

describe("roles", () => {
  it("treats a missing or unknown role as member", () => {
    expect(toRole(null)).toBe("member");
    expect(toRole(undefined)).toBe("member");
    expect(toRole("superuser")).toBe("member");
    expect(toRole("trainer")).toBe("trainer");
  });

  it("opens the admin area to administrators only", () => {
    expect(can("admin", "adminArea", "view")).toBe(true);
    expect(can("trainer", "adminArea", "view")).toBe(false);
    expect(can("member", "adminArea", "view")).toBe(false);
  });

  it("opens the content manager to trainers and administrators", () => {
    expect(can("trainer", "contentManager", "view")).toBe(true);
    expect(can("admin", "contentManager", "view")).toBe(true);
    expect(can("member", "contentManager", "view")).toBe(false);
  });
});
