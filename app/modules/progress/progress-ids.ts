import { AppError } from "~/lib/app-error";

/** An entry or goal id from a form; anything else is a row that is not there (404). */
export function requireId(value: unknown, notFound: string): string {
  if (typeof value === "string" && value.length > 0 && value.length <= 100) return value;
  throw new AppError(404, notFound);
}

export const ENTRY_NOT_FOUND = "Entry not found";
export const GOAL_NOT_FOUND = "Goal not found";
