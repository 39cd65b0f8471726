/**
 * On PGlite the job worker yields to the requests in flight between two jobs: PGlite
 * answers within the same turn of the event loop, so without that a run of short jobs
 * would keep the server from reading any request until the last one ended.
 * @test-database pglite
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { getDb } from "~/db/client.server";
import { createJobRunner } from "./job-runner.server";
import { defineJob, enqueueJob } from "./jobs.server";
import { startCountedPage } from "./requests-in-flight.test-support";

const JOBS = 200;

let page: Awaited<ReturnType<typeof startCountedPage>>;
beforeAll(async () => (page = await startCountedPage()));
afterAll(() => page.stop());

it("a page asked for while the worker runs many short jobs is answered before the last one", async () => {
  let ran = 0;
  const definition = defineJob({ kind: "test.short", payload: z.object({ n: z.number() }), run: async () => void (ran += 1) });
  await getDb().transaction(async (tx) => {
    for (let n = 0; n < JOBS; n++) await enqueueJob(tx, definition, { n });
  });
  const worker = createJobRunner([definition]).startWorker();
  try {
    const ranWhenAnswered = await fetch(page.url).then(() => ran);
    expect(ranWhenAnswered).toBeLessThan(JOBS);
    await expect.poll(() => ran, { timeout: 20_000 }).toBe(JOBS);
  } finally {
    await worker.stop();
  }
});
