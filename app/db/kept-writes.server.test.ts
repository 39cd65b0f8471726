/**
 * A request that writes rows whose reads are kept waits for their notices before it answers
 * (decision 0145). On PostgreSQL that needs the write to be noted in the writing request's
 * own async context, even when its statement waits for a connection another request frees;
 * on PGlite the notice is in before the statement returns.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CHANGES_CHANNEL } from "~/lib/change-notices.server";
import { getDatabase, getDb, openDatabase } from "./client.server";
import { user } from "./schema/auth";

const onPostgres = Boolean(process.env.DATABASE_URL);
const scope = new AsyncLocalStorage<string>();
const ID = "kept-writes-member";

beforeAll(async () => {
  await getDb().insert(user).values({ id: ID, name: "Kept Writes", email: "kept-writes@example.com" });
});

/** A promise and the call that resolves it. */
function signal(): { done: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const done = new Promise<void>((settle) => (resolve = settle));
  return { done, resolve };
}

describe("writes of rows whose reads are kept", () => {
  it(
    onPostgres
      ? "are noted in the context of the code that sent them: a statement waiting for a busy pool's connection, and a transaction's own"
      : "are announced before their statement returns",
    async () => {
      if (!onPostgres) {
        const heard: string[] = [];
        const stop = await getDatabase().listen(CHANGES_CHANNEL, (payload) => payload && heard.push(payload));
        try {
          await getDb().update(user).set({ name: "Kept Writes Renamed" }).where(eq(user.id, ID));
          expect(heard).toContain(`users:${ID}`);
        } finally {
          await stop();
        }
        return;
      }
      // One connection: a transaction holds it while a write and a read queue for it.
      const database = await openDatabase({ kind: "postgres", url: process.env.DATABASE_URL!, max: 1 });
      try {
        const noted: Array<string | undefined> = [];
        database.observeKeptWrites(() => noted.push(scope.getStore()));
        const holds = signal();
        const held = signal();
        const holder = scope.run("holder", () =>
          database.db.transaction(async (tx) => {
            await tx.select({ id: user.id }).from(user).where(eq(user.id, ID));
            holds.resolve();
            await held.done;
          }),
        );
        await holds.done;
        const write = scope.run("writer", () => database.db.update(user).set({ name: "Kept Writes Renamed" }).where(eq(user.id, ID)).execute());
        const read = scope.run("reader", () => database.db.select({ name: user.name }).from(user).where(eq(user.id, ID)).execute());
        // The holder's commit frees the connection: pg-pool hands it to the write from the holder's context.
        scope.run("holder", held.resolve);
        await Promise.all([holder, write, read]);
        expect(noted).toEqual(["writer"]);

        await scope.run("transaction", () => database.db.transaction((tx) => tx.update(user).set({ name: "Kept Writes Again" }).where(eq(user.id, ID))));
        expect(noted).toEqual(["writer", "transaction"]);
      } finally {
        await database.close();
      }
    },
  );
});
