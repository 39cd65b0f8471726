// @test-database any: the page's size does not depend on the database kind (decision 0020).
/**
 * The builder stays small at the largest program the limits allow (decision 0044): it
 * opens one week, so the page holds that week's days and exercises, not the program's.
 * Measured here as the builder's markup plus its loader data (what the document carries
 * besides the site's layout); `npm run bench -- --only programs` measures the whole page
 * over HTTP, with its time.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, useLoaderData } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { program } from "~/db/schema/programs";
import { insertLargestProgram, LARGEST_PROGRAM } from "~/modules/programs/largest-program.fixture";
import type { ProgramWeekView } from "~/modules/programs/program-read.server";
import { createUserWithPassword } from "~/modules/users/users.server";
import { middleware } from "~/routes/programs";
import { loader as rawBuilderLoader } from "~/routes/programs.$programId";
import { ProgramBuilder, type BuilderData } from "~/views/programs/program-builder";
import { callRoute, getRequest, signInCookie, underLayout } from "../support/route-calls";

const builderLoader = underLayout(middleware, rawBuilderLoader);
/** What the builder may add to the site's layout and still make a page under 1 MB. */
const BUILDER_BUDGET = 900_000;
let cookie = "";
let programId = "";

beforeAll(async () => {
  const trainer = await createUserWithPassword({ name: "Size Trainer", email: "trainer@builder-size.test", password: "trainer-password-1", role: "trainer" });
  cookie = await signInCookie(trainer.email, "trainer-password-1");
  programId = await insertLargestProgram("largest-program", trainer.id);
});

afterAll(async () => {
  await getDb().delete(program);
  await getDb().delete(user);
});

/** The builder's page for `path` as the server renders it, and its loader data. */
async function builderPage(path: string) {
  const data = (await callRoute(builderLoader, getRequest(path, cookie), { programId })) as BuilderData;
  const Stub = createRoutesStub([{ id: "builder", path: "/programs/:programId", Component: () => createElement(ProgramBuilder, { data: useLoaderData<BuilderData>(), result: undefined }) }]);
  const html = renderToString(createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { builder: data } } }));
  return { data, html, bytes: Buffer.byteLength(html) + Buffer.byteLength(JSON.stringify(data)) };
}

const blocksOf = (program: ProgramWeekView) => program.week!.days.reduce((n, d) => n + d.blocks.length, 0);

describe("the builder at the largest allowed program", () => {
  it("opens one full week with every week in its navigator, in well under 1 MB", async () => {
    const { data, html, bytes } = await builderPage(`/programs/${programId}?week=1`);
    expect(data.program.weeks).toHaveLength(LARGEST_PROGRAM.weeks);
    expect(blocksOf(data.program)).toBe(LARGEST_PROGRAM.firstWeekBlocks);
    expect(html).toContain(`href="/programs/${programId}?week=${LARGEST_PROGRAM.weeks}"`);
    expect(bytes).toBeLessThan(BUILDER_BUDGET);
  });

  it("opens the week that holds the exercise being edited, with its form", async () => {
    const { data, html, bytes } = await builderPage(`/programs/${programId}?block=${programId}-b2999`);
    expect(data.program.week!.position).toBe(14);
    expect(html).toContain("Save exercise");
    expect(bytes).toBeLessThan(BUILDER_BUDGET);
  });
});
