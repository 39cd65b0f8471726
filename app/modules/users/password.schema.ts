import { z } from "zod";
import { emailSchema, passwordSchema } from "~/auth/credentials.schema";

export const forgotPasswordSchema = z.object({ email: emailSchema });

/** A reset token that is missing, malformed, used or expired: the form gives way to 'Request a new link'. */
export const RESET_LINK_NOT_VALID = "This reset link is not valid.";

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: RESET_LINK_NOT_VALID }).min(1, RESET_LINK_NOT_VALID).max(200, RESET_LINK_NOT_VALID),
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
