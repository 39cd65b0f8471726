import { sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { requestLimit } from "~/db/schema/limits";

export interface Limit {
  /** Window length in seconds. */
  window: number;
  max: number;
}

export interface LimitResult {
  allowed: boolean;
  /** Seconds until the window resets, when refused. */
  retryAfter: number;
}

/**
 * Counts one request against `key` in a fixed window, atomically in the database,
 * so every server process shares the same count.
 */
export async function consumeLimit(key: string, limit: Limit, now = Date.now()): Promise<LimitResult> {
  const windowMs = limit.window * 1000;
  const expired = sql`${requestLimit.windowStart} <= ${now - windowMs}`;
  const [row] = await getDb()
    .insert(requestLimit)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: requestLimit.key,
      set: {
        count: sql`case when ${expired} then 1 else ${requestLimit.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${now} else ${requestLimit.windowStart} end`,
      },
    })
    .returning({ count: requestLimit.count, windowStart: requestLimit.windowStart });
  const count = row?.count ?? 1;
  const windowStart = row?.windowStart ?? now;
  return { allowed: count <= limit.max, retryAfter: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)) };
}

/** 'Try again in 12 minutes.' for a wait in seconds (minutes rounded up, at least one). */
export function tryAgainIn(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}
