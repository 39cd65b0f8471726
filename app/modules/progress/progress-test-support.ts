import { eq } from "drizzle-orm";
import { ZodError } from "zod";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { fitnessGoal, progressEntry } from "~/db/schema/progress";
import { AppError } from "~/lib/app-error";
import { fieldErrors } from "~/lib/form";
import { todayIn } from "~/lib/time-zone";
import { DEFAULT_WEIGHT_UNIT, type WeightUnit } from "~/lib/units";
import { setOwnWeightUnit } from "~/modules/users/profile.server";

/** Shared by the progress modules' tests: people, today, the stored rows, and what a refusal says. */

let sequence = 0;
/** A signed-in person as the session lookup gives them to services: their unit comes with them. */
export type Member = { id: string; role: "member" | "trainer" | "admin"; weightUnit: WeightUnit };

export async function newUser(role: Member["role"] = "member"): Promise<Member> {
  sequence += 1;
  const id = `progress-user-${sequence}`;
  await getDb().insert(user).values({ id, name: `Person ${sequence}`, email: `progress-${sequence}@example.com`, role });
  return { id, role, weightUnit: DEFAULT_WEIGHT_UNIT };
}

/** The site's default time zone decides what 'today' is. */
export const today = () => todayIn("Europe/London");

export async function entriesOf(userId: string) {
  return getDb().select().from(progressEntry).where(eq(progressEntry.userId, userId)).orderBy(progressEntry.createdAt);
}

export async function goalsOf(userId: string) {
  return getDb().select().from(fitnessGoal).where(eq(fitnessGoal.userId, userId));
}

/** The member's unit, through the users module (the switch's only writer); their next request's sign-in carries it. */
export async function useUnit(member: Pick<Member, "id" | "role"> & { weightUnit?: WeightUnit }, unit: WeightUnit) {
  await setOwnWeightUnit(member, { unit });
  member.weightUnit = unit;
}

/**
 * What a refused call answers, as the action contract would send it: the status, the
 * first message and each field's message. Fails the test when the call succeeds or
 * throws anything else.
 */
export async function refusal(call: Promise<unknown>): Promise<{ status: number; message: string; fieldErrors: Record<string, string | undefined> }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ZodError) return { status: 400, message: error.issues[0]?.message ?? "", fieldErrors: fieldErrors<string>(error) };
    if (error instanceof AppError) return { status: error.status, message: error.message, fieldErrors: error.fieldErrors };
    throw error;
  }
  throw new Error("expected the call to be refused");
}
