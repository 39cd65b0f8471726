import { AppError } from "~/lib/app-error";
import crypto from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { z } from "zod";
import { singleLineText } from "~/lib/text-field";
import { getDb } from "~/db/client.server";
import { verification } from "~/db/schema/auth";
import { countAdministrators, createUserWithPassword } from "./users.server";
import { refuseCommonPassword } from "./password-policy.server";
import { emailSchema, passwordSchema } from "~/auth/credentials.schema";

const IDENTIFIER = "first-run-admin-setup";
const LIFETIME_MS = 24 * 60 * 60 * 1000;

const hash = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

export const setupFormSchema = z
  .object({
    name: singleLineText().min(1, "Please enter your full name").max(200, "Name must be at most 200 characters"),
    email: emailSchema,
    password: passwordSchema,
  })
  .superRefine(refuseCommonPassword("password"));

/**
 * With no administrator yet, a one-time set-up link lets the first visitor create
 * one. Each start issues a fresh token (only its hash is stored).
 */
export async function issueSetupToken(): Promise<string | null> {
  if ((await countAdministrators()) > 0) return null;
  const token = crypto.randomBytes(32).toString("base64url");
  const db = getDb();
  await db.delete(verification).where(eq(verification.identifier, IDENTIFIER));
  await db.insert(verification).values({
    id: crypto.randomUUID(),
    identifier: IDENTIFIER,
    value: hash(token),
    expiresAt: new Date(Date.now() + LIFETIME_MS),
  });
  return token;
}

export async function isSetupTokenValid(token: string | null): Promise<boolean> {
  if (!token || (await countAdministrators()) > 0) return false;
  const [row] = await getDb()
    .select({ id: verification.id })
    .from(verification)
    .where(and(eq(verification.identifier, IDENTIFIER), eq(verification.value, hash(token)), gt(verification.expiresAt, new Date())));
  return Boolean(row);
}

export const SETUP_LINK_INVALID = "This set-up link is no longer valid. Restart the server to print a new one.";

const linkInvalid = () => new AppError(410, SETUP_LINK_INVALID);

/** Creates the first administrator and spends the token; a used or expired link is a 410 AppError. */
export async function completeSetup(token: string | null, input: unknown) {
  const data = setupFormSchema.parse(input);
  if (!(await isSetupTokenValid(token))) throw linkInvalid();
  // Spend the token before creating the account, so it cannot be used twice.
  const spent = await getDb()
    .delete(verification)
    .where(and(eq(verification.identifier, IDENTIFIER), eq(verification.value, hash(token ?? ""))))
    .returning({ id: verification.id });
  if (spent.length === 0) throw linkInvalid();
  return createUserWithPassword({ ...data, role: "admin" });
}
