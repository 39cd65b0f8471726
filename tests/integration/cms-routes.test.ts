/**
 * /cms on the real database, for each role: anonymous, member, trainer, admin. The
 * loader and the action are called with real requests and real session cookies.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { article } from "~/db/schema/articles";
import { auditLog } from "~/db/schema/audit";
import { user } from "~/db/schema/auth";
import { contentItem } from "~/db/schema/library";
import { validMealPlan, validSchedule, validVideo } from "~/modules/library/library.fixture";
import { createUserWithPassword } from "~/modules/users/users.server";
import { loader as dashboardLoader } from "~/routes/admin";
import { action, loader } from "~/routes/cms";
import { callRoute, getRequest, locationOf, postBody, postForm, signInCookie, toastOf } from "../support/route-calls";

type Who = "admin" | "trainer" | "member" | null;
const cookies: Record<"admin" | "trainer" | "member", string> = { admin: "", trainer: "", member: "" };

const call = callRoute;
const get = (pathname: string, who: Who) => getRequest(pathname, who && cookies[who]);
const post = (pathname: string, who: Who, fields: Record<string, string>) => postForm(pathname, who && cookies[who], fields);
const location = locationOf;

type LoaderData = Awaited<ReturnType<typeof loader>>;
type Refusal = { data: { ok: false; error: string | null; fieldErrors: Record<string, string> }; init: { status: number } };

const load = async (search: string, who: Who = "trainer") => (await call(loader, get(`/cms${search}`, who))) as LoaderData;
const counts = async () => ({
  items: (await getDb().select({ id: contentItem.id }).from(contentItem)).length,
  articles: (await getDb().select({ id: article.id }).from(article)).length,
});

const forms = {
  videos: validVideo,
  "meal-plans": validMealPlan,
  schedules: validSchedule,
  articles: { title: "Sleep Is Training", content: "Eight hours, **every** night.", category: "Recovery", imageId: "", membersOnly: "on" },
} as const;

beforeAll(async () => {
  for (const role of ["admin", "trainer", "member"] as const) {
    const email = `${role}@cms.test`;
    await createUserWithPassword({ name: `Cms ${role}`, email, password: `${role}-password`, role });
    cookies[role] = await signInCookie(email, `${role}-password`);
  }
});

afterAll(async () => {
  await getDb().delete(user);
});

beforeEach(async () => {
  await getDb().delete(contentItem);
  await getDb().delete(article);
  await getDb().delete(auditLog);
});

describe("who may open /cms", () => {
  it("anonymous visitors go to /login, remembering the tab", async () => {
    expect(location(await call(loader, get("/cms?tab=videos", null)))).toBe(`/login?redirectTo=${encodeURIComponent("/cms?tab=videos")}`);
  });

  it("members are sent to /unauthorized", async () => {
    expect(location(await call(loader, get("/cms", "member")))).toBe("/unauthorized");
  });

  it("trainers and admins see the tab they asked for; an unknown tab is Articles", async () => {
    expect(await load("")).toMatchObject({ tab: "articles", cards: [], page: 1, pageCount: 1 });
    expect((await load("?tab=meal-plans", "admin")).tab).toBe("meal-plans");
    expect((await load("?tab=nonsense")).tab).toBe("articles");
  });
});

describe("members and visitors cannot change content", () => {
  it("a member's create and delete posts are refused and nothing is written", async () => {
    const video = await call(action, post("/cms?tab=videos", "trainer", { intent: "create", tab: "videos", ...validVideo }));
    expect(location(video)).toBe("/cms?tab=videos");
    const [existing] = await getDb().select().from(contentItem);
    await getDb().delete(auditLog);

    for (const [tab, fields] of Object.entries(forms)) {
      expect(location(await call(action, post(`/cms?tab=${tab}`, "member", { intent: "create", tab, ...fields })))).toBe("/unauthorized");
      expect(location(await call(action, post(`/cms?tab=${tab}`, null, { intent: "create", tab, ...fields })))).toMatch(/^\/login/);
    }
    expect(location(await call(action, post("/cms?tab=videos", "member", { intent: "delete", tab: "videos", id: existing!.id })))).toBe("/unauthorized");
    expect(await counts()).toEqual({ items: 1, articles: 0 });
    expect(await getDb().select().from(auditLog)).toEqual([]);
  });
});

describe("trainers and admins add and delete content", () => {
  for (const [tab, fields] of Object.entries(forms)) {
    it(`${tab}: create lands on the tab with 'Content added successfully', the new card first; delete removes it with 'Content deleted successfully'`, async () => {
      const who = tab === "schedules" ? "admin" : "trainer";
      // An older item, so the new one must come first.
      const first = await call(action, post(`/cms?tab=${tab}`, who, { intent: "create", tab, ...fields, title: "Older one" }));
      expect(location(first)).toBe(`/cms?tab=${tab}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      const created = await call(action, post(`/cms?tab=${tab}`, who, { intent: "create", tab, ...fields }));
      expect(location(created)).toBe(`/cms?tab=${tab}`);
      expect(await toastOf(created)).toEqual({ type: "success", title: "Content added successfully" });

      const page = await load(`?tab=${tab}`, who);
      expect(page.cards.map((c) => c.title)).toEqual([fields.title, "Older one"]);
      const card = page.cards[0]!;
      expect(card.category).toBe(fields.category);
      expect(card.membersOnly).toBe(fields.membersOnly === "on");
      expect(card.date).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
      if (tab === "articles") {
        expect(card).toMatchObject({ status: "Published", editHref: `/articles/${card.id}/edit`, facts: ["5 min read"] });
      }
      if (tab === "meal-plans") expect(card.facts).toEqual(["Beginner", "2200 kcal/day", "8 weeks"]);
      if (tab === "schedules") expect(card.facts).toEqual(["Intermediate", "12 weeks", "3 workouts/week"]);
      if (tab === "videos") expect(card.facts).toEqual(["Duration 10:30"]);

      // The other tabs do not show it.
      for (const other of Object.keys(forms).filter((t) => t !== tab)) {
        expect((await load(`?tab=${other}`, who)).cards).toEqual([]);
      }

      const deleted = await call(action, post(`/cms?tab=${tab}`, who, { intent: "delete", tab, id: card.id }));
      expect(location(deleted)).toBe(`/cms?tab=${tab}`);
      expect(await toastOf(deleted)).toEqual({ type: "success", title: "Content deleted successfully" });
      expect((await load(`?tab=${tab}`, who)).cards.map((c) => c.title)).toEqual(["Older one"]);

      const again = await call(action, post(`/cms?tab=${tab}`, who, { intent: "delete", tab, id: card.id }));
      expect(await toastOf(again)).toEqual({ type: "error", title: "Error", description: "This content no longer exists." });

      const actions = (await getDb().select().from(auditLog)).map((e) => e.action).sort();
      expect(actions).toEqual(["content.created", "content.created", "content.deleted"]);
    });
  }

  it("the article form publishes at once with a read time of 5 and no excerpt", async () => {
    await call(action, post("/cms?tab=articles", "trainer", { intent: "create", tab: "articles", ...forms.articles }));
    const [row] = await getDb().select().from(article);
    expect(row).toMatchObject({ title: "Sleep Is Training", published: true, readTime: 5, excerpt: "", membersOnly: true, category: "Recovery", slug: "sleep-is-training" });
  });

  it("pages hold 24 cards; the second page has the rest and deleting there returns to it", async () => {
    const base = Date.UTC(2026, 0, 1);
    await getDb()
      .insert(contentItem)
      .values(
        Array.from({ length: 26 }, (_, i) => ({
          id: crypto.randomUUID(),
          type: "schedule" as const,
          title: `Schedule ${i}`,
          description: "d",
          category: "HIIT",
          createdAt: new Date(base + i * 60_000),
        })),
      );
    const first = await load("?tab=schedules");
    expect(first.cards).toHaveLength(24);
    expect(first.pageCount).toBe(2);
    const second = await load("?tab=schedules&page=2");
    expect(second.cards.map((c) => c.title)).toEqual(["Schedule 1", "Schedule 0"]);
    const deleted = await call(action, post("/cms?tab=schedules&page=2", "trainer", { intent: "delete", tab: "schedules", page: "2", id: second.cards[0]!.id }));
    expect(location(deleted)).toBe("/cms?tab=schedules&page=2");
  });

  it("the admin dashboard counts articles and content items together", async () => {
    await call(action, post("/cms?tab=articles", "admin", { intent: "create", tab: "articles", ...forms.articles }));
    await call(action, post("/cms?tab=videos", "admin", { intent: "create", tab: "videos", ...validVideo }));
    await call(action, post("/cms?tab=schedules", "admin", { intent: "create", tab: "schedules", ...validSchedule }));
    const dashboard = (await call(dashboardLoader, get("/admin", "admin"))) as Awaited<ReturnType<typeof dashboardLoader>>;
    expect(dashboard.contentItems).toBe(3);
  });
});

describe("bad input", () => {
  it("an empty form is a 400 naming every required field, and nothing is written", async () => {
    const cases = {
      videos: ["description", "duration", "title", "videoUrl"],
      "meal-plans": ["caloriesPerDay", "description", "durationWeeks", "ingredients", "instructions", "title"],
      schedules: ["description", "durationWeeks", "equipmentNeeded", "schedule", "title", "workoutsPerWeek"],
      articles: ["content", "title"],
    } as const;
    for (const [tab, fields] of Object.entries(cases)) {
      const category = forms[tab as keyof typeof forms].category;
      const result = (await call(action, post(`/cms?tab=${tab}`, "trainer", { intent: "create", tab, category, difficulty: "Beginner" }))) as Refusal;
      expect(result.init.status, tab).toBe(400);
      expect(Object.keys(result.data.fieldErrors).sort(), tab).toEqual(fields);
      expect(result.data.fieldErrors.title).toBe("Title is required");
    }
    expect(await counts()).toEqual({ items: 0, articles: 0 });
    expect(await getDb().select().from(auditLog)).toEqual([]);
  });

  it("a bad URL, words for numbers and an unknown category get clear messages", async () => {
    const video = (await call(
      action,
      post("/cms?tab=videos", "trainer", { intent: "create", tab: "videos", ...validVideo, videoUrl: "not a url", category: "Dancing" }),
    )) as Refusal;
    expect(video.init.status).toBe(400);
    expect(video.data.fieldErrors).toEqual({ videoUrl: "Please enter a valid URL (YouTube or Vimeo)", category: "Please choose a category" });
    const plan = (await call(
      action,
      post("/cms?tab=meal-plans", "trainer", { intent: "create", tab: "meal-plans", ...validMealPlan, caloriesPerDay: "lots", durationWeeks: "200" }),
    )) as Refusal;
    expect(plan.data.fieldErrors).toEqual({ caloriesPerDay: "Calories per day must be a whole number", durationWeeks: "Duration in weeks must be between 1 and 104" });
    // A page rendered without JavaScript fills the form in again from these.
    expect((plan.data as unknown as { values: Record<string, string> }).values).toMatchObject({ title: validMealPlan.title, caloriesPerDay: "lots" });
    expect(await counts()).toEqual({ items: 0, articles: 0 });
  });

  it("an image that was never uploaded is refused with a message, not a 500", async () => {
    for (const tab of ["videos", "articles"] as const) {
      const result = (await call(action, post(`/cms?tab=${tab}`, "trainer", { intent: "create", tab, ...forms[tab], imageId: "no-such-upload" }))) as Refusal;
      expect(result.init.status).toBe(400);
      expect(result.data.error).toMatch(/could not be found/);
    }
    expect(await counts()).toEqual({ items: 0, articles: 0 });
  });

  it("an unknown intent, a missing id, and an unreadable body are 4xx", async () => {
    const unknown = (await call(action, post("/cms", "trainer", { intent: "explode" }))) as Refusal;
    expect(unknown.init.status).toBe(400);
    const missing = await call(action, post("/cms?tab=videos", "trainer", { intent: "delete", tab: "videos" }));
    expect((await toastOf(missing))?.type).toBe("error");
    const multipart = (await call(action, postBody("/cms", cookies.trainer, "hello", { "content-type": "text/plain" }))) as Refusal;
    expect(multipart.init.status).toBe(415);
  });
});
