import { z } from "zod";
import { roles } from "~/auth/permissions";

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

export const newUserSchema = z.object({
  name: z.string({ error: "Please enter a full name" }).trim().min(1, "Please enter a full name").max(200, "Name must be at most 200 characters"),
  email: emailSchema,
  password: passwordSchema,
  role: z.enum(roles, { error: "Role must be member, trainer or admin" }),
});
export type NewUser = z.infer<typeof newUserSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: "Please enter your password" }).min(1, "Please enter your password").max(128, "Password must be at most 128 characters"),
});
