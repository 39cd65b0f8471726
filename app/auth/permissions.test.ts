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

  it("lets only members ask for their account to be deleted, and only administrators export others or erase", () => {
    expect(can("member", "memberData", "requestDeletion")).toBe(true);
    expect(can("trainer", "memberData", "requestDeletion")).toBe(false);
    expect(can("admin", "memberData", "requestDeletion")).toBe(false);
    for (const role of ["member", "trainer", "admin"] as const) expect(can(role, "memberData", "exportOwn")).toBe(true);
    for (const action of ["exportAny", "erase", "listDeletionRequests"] as const) {
      expect(can("admin", "memberData", action)).toBe(true);
      expect(can("trainer", "memberData", action)).toBe(false);
      expect(can("member", "memberData", action)).toBe(false);
    }
  });

  it("opens group classes to staff, and their class types to administrators only (decision 0105)", () => {
    for (const action of ["view", "manageTimetable", "changeClass", "markAttendance"] as const) {
      expect(can("trainer", "groupClasses", action)).toBe(true);
      expect(can("admin", "groupClasses", action)).toBe(true);
      expect(can("member", "groupClasses", action)).toBe(false);
    }
    expect(can("admin", "groupClasses", "manageTypes")).toBe(true);
    expect(can("trainer", "groupClasses", "manageTypes")).toBe(false);
    expect(can("member", "groupClasses", "manageTypes")).toBe(false);
  });
});
