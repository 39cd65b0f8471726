import { z } from "zod";
import { emailSchema, passwordSchema } from "~/auth/credentials.schema";

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: "This reset link is not valid." }).min(1, "This reset link is not valid.").max(200),
    newPassword: passwordSchema,
    confirmPassword: z.string({ error: "Please repeat the new password" }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], message: "The passwords do not match" });

export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: "Please enter your current password" }).min(1, "Please enter your current password").max(128),
    newPassword: passwordSchema,
    confirmPassword: z.string({ error: "Please repeat the new password" }),
    revokeOtherSessions: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], message: "The passwords do not match" });

/** The one answer to every reset request, whether or not the account exists. */
export const RESET_REQUESTED_MESSAGE = "If an account exists for that e-mail, we have sent a link to reset the password.";
