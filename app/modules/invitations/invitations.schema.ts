import { z } from "zod";
import { roles } from "~/auth/permissions";
import { emailSchema, passwordSchema } from "~/auth/credentials.schema";
import { newUserSchema } from "~/modules/users/users.schema";

export const CHOOSE_PACKAGE = "Choose a package from the list, or none";

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

/** The 'Add person' form on /admin/users (also used by 'Invite as member' from the inbox). */
export const invitationSchema = z.object({
  name: newUserSchema.shape.name,
  email: emailSchema,
  role: z.enum(roles, { error: "Role must be member, trainer or admin" }),
  contactSubmissionId: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.string().max(100).optional()),
  /** A package (a live subscription or term) the new member is asked to set up a Direct Debit for. */
  productId: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.string({ error: CHOOSE_PACKAGE }).max(100, CHOOSE_PACKAGE).optional()),
});
export type InvitationInput = z.input<typeof invitationSchema>;

/** The accept page: the person chooses their password. */
export const acceptInvitationSchema = z
  .object({
    token: z.string({ error: "This invitation link is not valid" }).min(1, "This invitation link is not valid").max(200, "This invitation link is not valid"),
    password: passwordSchema,
    confirmPassword: z.string({ error: "Please confirm your password" }).min(1, "Please confirm your password"),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "The passwords do not match" });

export type InvitationStatus = "valid" | "expired" | "used" | "revoked" | "unknown";

/** What the accept page says for a link that no longer works. */
/** The screen's heading when the link no longer works. */
export const invitationStatusHeadings: Record<Exclude<InvitationStatus, "valid">, string> = {
  expired: "Invitation expired",
  used: "Invitation already used",
  revoked: "Invitation withdrawn",
  unknown: "Invitation not found",
};

export const invitationStatusMessages: Record<Exclude<InvitationStatus, "valid">, string> = {
  expired: "This invitation has expired.",
  used: "This invitation has already been used. If it was you, sign in with your password.",
  revoked: "This invitation has been withdrawn.",
  unknown: "This invitation link is not valid.",
};
