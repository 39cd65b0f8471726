import { eq } from "drizzle-orm";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { AppError } from "~/lib/app-error";
import { user } from "~/db/schema/auth";
import { profile } from "~/db/schema/profiles";
import { DEFAULT_WEIGHT_UNIT, type WeightUnit } from "~/lib/units";
import { profileFormSchema, weightUnitSchema, wizardSchema, type ProfileFields } from "./profile.schema";

/** The acting user's own profile; a user without a row gets empty fields. */
export async function getOwnProfile(actor: Pick<SessionUser, "id">): Promise<ProfileFields> {
  const [row] = await getDb()
    .select({
      fullName: user.name,
      bio: profile.bio,
      location: profile.location,
      interests: profile.interests,
      experience: profile.experience,
      goals: profile.goals,
      weightUnit: profile.weightUnit,
    })
    .from(user)
    .leftJoin(profile, eq(profile.userId, user.id))
    .where(eq(user.id, actor.id));
  if (!row) throw new AppError(404, "The signed-in user no longer exists.");
  return {
    fullName: row.fullName,
    bio: row.bio ?? "",
    location: row.location ?? "",
    interests: row.interests ?? "",
    experience: row.experience ?? "",
    goals: row.goals ?? "",
    weightUnit: row.weightUnit ?? DEFAULT_WEIGHT_UNIT,
  };
}

async function upsertProfile(userId: string, fullName: string, fields: Partial<Omit<ProfileFields, "fullName">>) {
  const now = new Date();
  await getDb().transaction(async (tx) => {
    await tx.update(user).set({ name: fullName, updatedAt: now }).where(eq(user.id, userId));
    await tx
      .insert(profile)
      .values({ userId, ...fields, updatedAt: now })
      .onConflictDoUpdate({ target: profile.userId, set: { ...fields, updatedAt: now } });
  });
}

/** Settings form: full name required, the rest optional (upsert). */
export async function updateOwnProfile(actor: Pick<SessionUser, "id">, input: unknown) {
  const data = profileFormSchema.parse(input);
  const { fullName, ...fields } = data;
  await upsertProfile(actor.id, fullName, fields);
}

/** The profile wizard's last step saves every field of a complete profile. */
export async function completeOwnProfile(actor: Pick<SessionUser, "id">, input: unknown) {
  const data = wizardSchema.parse(input);
  const { fullName, ...fields } = data;
  await upsertProfile(actor.id, fullName, fields);
}

/**
 * The acting user's unit preference (the Progress section's and Settings' switch).
 * Progress values are stored in kg, cm and %, so nothing else changes.
 */
export async function setOwnWeightUnit(actor: Pick<SessionUser, "id" | "role">, input: unknown): Promise<{ unit: WeightUnit }> {
  ensureCan(actor, "profile", "update");
  const { unit } = weightUnitSchema.parse(input);
  const now = new Date();
  await getDb()
    .insert(profile)
    .values({ userId: actor.id, weightUnit: unit, updatedAt: now })
    .onConflictDoUpdate({ target: profile.userId, set: { weightUnit: unit, updatedAt: now } });
  return { unit };
}
