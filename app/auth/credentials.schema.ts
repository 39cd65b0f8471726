import { z } from "zod";

/** The rules for e-mail addresses and passwords, shared by sign-in, set-up, invitations and resets. Safe in the browser. */

export const passwordSchema = z
  .string()
  .min(8, "Password must be at least 8 characters")
  .max(128, "Password must be at most 128 characters");

/** An e-mail address, trimmed and lower-cased before it is checked (zod checks z.email() before any .trim()). */
export const emailSchema = z
  .string({ error: "Please enter a valid email address" })
  .trim()
  .toLowerCase()
  .pipe(z.email("Please enter a valid email address"));

/** The sign-in form: an address and a password (length-capped before any hashing). */
export const signInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: "Please enter your password" }).min(1, "Please enter your password").max(128, "Password must be at most 128 characters"),
});
