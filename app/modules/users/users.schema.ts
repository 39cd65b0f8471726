import { z } from "zod";
import { singleLineText } from "~/lib/text-field";
import { emailSchema, passwordSchema } from "~/auth/credentials.schema";
import { roles } from "~/auth/permissions";


export const newUserSchema = z.object({
  name: singleLineText({ error: "Please enter a full name" }).min(1, "Please enter a full name").max(200, "Name must be at most 200 characters"),
  email: emailSchema,
  password: passwordSchema,
  role: z.enum(roles, { error: "Role must be member, trainer or admin" }),
});
export type NewUser = z.infer<typeof newUserSchema>;

