import type { WeightUnit } from "~/lib/units";
import type { Role } from "./permissions";

/** What the app knows about the signed-in user. Safe in the browser. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  profileComplete: boolean;
  weightUnit: WeightUnit;
}

/** Where a sign-in lands when no page was asked for: staff on 'Needs attention', members on their dashboard. */
export function signedInHome(role: Role): string {
  return role === "trainer" || role === "admin" ? "/coach" : "/members";
}

/** The name shown in the header: first word of the full name, else the e-mail. */
export function displayName(user: Pick<SessionUser, "name" | "email">): string {
  return user.name.trim().split(/\s+/)[0] || user.email;
}

/** Complete only when full name, location, interests, experience and goals are all filled. */
export function isProfileComplete(p: { fullName: string; location: string; interests: string; experience: string; goals: string }): boolean {
  return [p.fullName, p.location, p.interests, p.experience, p.goals].every((v) => v.trim().length > 0);
}
