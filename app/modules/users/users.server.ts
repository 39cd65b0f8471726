import { count, eq } from "drizzle-orm";
import { getAuth } from "~/auth/auth.server";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { AppError } from "~/lib/app-error";
import { ConfigError } from "~/lib/env.server";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword, refuseCommonPassword } from "./password-policy.server";
import { newUserSchema, type NewUser } from "./users.schema";

/** A 409 AppError; a class of its own so that invitations can say it their way. */
export class UserExistsError extends AppError {
  constructor(email: string) {
    super(409, `A user with the e-mail ${email} already exists`);
    this.name = "UserExistsError";
  }
}

export async function findUserByEmail(email: string) {
  const [row] = await getDb()
    .select({ id: user.id, email: user.email, name: user.name, role: user.role })
    .from(user)
    .where(eq(user.email, email.trim().toLowerCase()));
  return row ?? null;
}

/** newUserSchema plus the server-only common-password rule (the CLI parses with it too). */
export const newUserServerSchema = newUserSchema.superRefine(refuseCommonPassword("password"));

/** Creates an account with a password (invitations, the CLI and first-run set-up use this). */
export async function createUserWithPassword(input: NewUser) {
  const data = newUserServerSchema.parse(input);
  if (await findUserByEmail(data.email)) throw new UserExistsError(data.email);
  const created = await getAuth().api.createUser({
    body: { email: data.email, password: data.password, name: data.name, role: data.role },
  });
  return created.user;
}

export async function countAdministrators(): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(user).where(eq(user.role, "admin"));
  return row?.n ?? 0;
}

/** ADMIN_EMAIL + ADMIN_PASSWORD: make sure this administrator exists (idempotent). */
export async function ensureAdministrator(email: string, password: string): Promise<"created" | "exists"> {
  const existing = await findUserByEmail(email);
  if (existing) {
    if (existing.role !== "admin") {
      await getDb().update(user).set({ role: "admin", updatedAt: new Date() }).where(eq(user.id, existing.id));
    }
    return "exists";
  }
  // Checked before the account exists: better-auth creates the user before it hashes the password.
  if (isCommonPassword(password)) throw new ConfigError(`Invalid configuration:\n  ADMIN_PASSWORD is refused: ${COMMON_PASSWORD_MESSAGE}`);
  // No name yet: the profile wizard asks for it at the first sign-in.
  await getAuth().api.createUser({ body: { email: email.trim().toLowerCase(), password, name: "", role: "admin" } });
  return "created";
}
