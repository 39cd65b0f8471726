import { dictionary } from "@zxcvbn-ts/language-common";
import { z } from "zod";

/**
 * ASVS password rules beyond the length (8–128, in passwordSchema): a password from
 * a list of commonly used passwords is refused. The list (about 49,000 entries) is
 * server-only: this file is a .server module, so it never reaches the browser bundle.
 */
export const COMMON_PASSWORD_MESSAGE = "This password is too common. Please choose a less guessable one.";

let common: Set<string> | undefined;

/** Case-insensitive: "Password123" is as guessable as "password123". */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"].map((entry) => entry.toLowerCase()));
  return common.has(password.toLowerCase());
}

/**
 * Added to a form's schema on the server (schema.superRefine(refuseCommonPassword("newPassword"))):
 * the message lands at that field, and the check runs before anything is written.
 */
export function refuseCommonPassword<Field extends string>(field: Field) {
  return (value: { [K in Field]: string }, ctx: z.RefinementCtx) => {
    if (isCommonPassword(value[field])) ctx.addIssue({ code: "custom", path: [field], message: COMMON_PASSWORD_MESSAGE });
  };
}

/** For a bare password (the invitation module, ADMIN_PASSWORD): a ZodError at "password", like a form. */
export function assertPasswordAllowed(password: string): void {
  if (isCommonPassword(password)) {
    throw new z.ZodError([{ code: "custom", path: ["password"], message: COMMON_PASSWORD_MESSAGE, input: password }]);
  }
}
