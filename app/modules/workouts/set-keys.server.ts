/** The offline queue's idempotency keys (decision 0093): a set sent again is found by its key, the member's own. */
import { and, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { programBlock } from "~/db/schema/programs";
import { setLog, workoutExercise } from "~/db/schema/workouts";
import { DEFAULT_REST_SECONDS } from "./workout-session.schema";

/** The set the member stored with this key in this workout, with its rest; null when there is none. */
export async function setOfKey(memberId: string, workoutId: string, clientKey: string): Promise<{ setId: string; restSeconds: number } | null> {
  const [row] = await getDb()
    .select({ setId: setLog.id, rest: programBlock.restSeconds })
    .from(setLog)
    .innerJoin(workoutExercise, eq(workoutExercise.id, setLog.workoutExerciseId))
    .leftJoin(programBlock, eq(programBlock.id, workoutExercise.blockId))
    .where(and(eq(setLog.userId, memberId), eq(setLog.clientKey, clientKey), eq(workoutExercise.workoutId, workoutId)));
  return row ? { setId: row.setId, restSeconds: row.rest ?? DEFAULT_REST_SECONDS } : null;
}

/** A unique_violation (23505) of the member's idempotency keys; drizzle wraps the driver's error. */
export function violatesClientKey(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth += 1) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === "23505" && constraint === "set_logs_user_client_key_idx") return true;
  }
  return false;
}

