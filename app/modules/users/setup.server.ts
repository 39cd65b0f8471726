import { AppError } from "~/lib/app-error";
import crypto from "node:crypto";
import { and, desc, eq, gt, notInArray } from "drizzle-orm";
import { z } from "zod";
import { singleLineText } from "~/lib/text-field";
import { getDb } from "~/db/client.server";
import { verification } from "~/db/schema/auth";
import { countAdministrators, createUserWithPassword } from "./users.server";
import { refuseCommonPassword } from "./password-policy.server";
import { emailSchema, passwordSchema } from "~/auth/credentials.schema";

const IDENTIFIER = "first-run-admin-setup";
const LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Links kept working at once: one a process, for the processes an orchestrator starts together. */
const LINKS_KEPT = 10;

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
 * one. Each start issues a fresh token (only its hash is stored). Processes started together
 * (an orchestrator's replicas) each print their own link, and each works: the newest ten
 * unexpired links are kept, until one of them makes the administrator.
 */
export async function issueSetupToken(): Promise<string | null> {
  if ((await countAdministrators()) > 0) return null;
  const token = crypto.randomBytes(32).toString("base64url");
  await getDb().transaction(async (tx) => {
    await tx.insert(verification).values({ id: crypto.randomUUID(), identifier: IDENTIFIER, value: hash(token), expiresAt: new Date(Date.now() + LIFETIME_MS) });
    const kept = tx
      .select({ id: verification.id })
      .from(verification)
      .where(and(eq(verification.identifier, IDENTIFIER), gt(verification.expiresAt, new Date())))
      .orderBy(desc(verification.expiresAt))
      .limit(LINKS_KEPT);
    await tx.delete(verification).where(and(eq(verification.identifier, IDENTIFIER), notInArray(verification.id, kept)));
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
  // Spend every link before creating the account: of two links used at once (two processes
  // printed one each), the one whose delete comes second finds none left and makes nobody.
  const spent = await getDb().delete(verification).where(eq(verification.identifier, IDENTIFIER)).returning({ value: verification.value });
  if (!spent.some((row) => row.value === hash(token ?? ""))) throw linkInvalid();
  return createUserWithPassword({ ...data, role: "admin" });
}
