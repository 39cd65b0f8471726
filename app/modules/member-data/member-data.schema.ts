import { z } from "zod";

/** The administrator's erase form: the member's e-mail typed again, and whether their applications go too. */
export const eraseSchema = z.object({
  confirmEmail: z
    .string({ error: "Type the member's e-mail address to confirm." })
    .trim()
    .toLowerCase()
    .min(1, "Type the member's e-mail address to confirm.")
    .max(320, "Type the member's e-mail address exactly to confirm."),
  // A checkbox: ticked sends "on", unticked sends nothing.
  applications: z
    .unknown()
    .optional()
    .transform((v) => v === "on"),
});

export const ERASE_INTENT = "erase";
export const EXPORT_INTENT = "export-data";
export const REQUEST_DELETION_INTENT = "request-deletion";
export const WITHDRAW_DELETION_INTENT = "withdraw-deletion";
