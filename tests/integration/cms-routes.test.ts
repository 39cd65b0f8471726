// @test-database any: who may do what over the routes, and their answers; the SQL beneath is tested on both databases by its service's own tests (decision 0020).
/**
 * The content manager's tabs (/cms/articles, /cms/videos, …) on the real database, for
 * each role: anonymous, member, trainer, admin. Each tab's loader and action run under
 * the layout's middleware (cms.tsx), with real requests and real session cookies.
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
import { middleware as adminMiddleware } from "~/routes/admin";
import { loader as rawDashboardLoader } from "~/routes/admin._index";
import { middleware as cmsMiddleware } from "~/routes/cms";
import { loader as oldAddress } from "~/routes/cms._index";
import { action as rawAction, loader as rawLoader } from "~/routes/cms.content-list";
import { callRoute, getRequest, locationOf, postBody, postForm, signInCookie, toastOf, underLayout } from "../support/route-calls";

const loader = underLayout(cmsMiddleware, rawLoader);
const action = underLayout(cmsMiddleware, rawAction);
const dashboardLoader = underLayout(adminMiddleware, rawDashboardLoader);

type Who = "admin" | "trainer" | "member" | null;
const cookies: Record<"admin" | "trainer" | "member", string> = { admin: "", trainer: "", member: "" };

const call = callRoute;
const get = (pathname: string, who: Who) => getRequest(pathname, who && cookies[who]);
const post = (pathname: string, who: Who, fields: Record<string, string>) => postForm(pathname, who && cookies[who], fields);
const location = locationOf;

type LoaderData = Awaited<ReturnType<typeof loader>>;
type Refusal = { data: { ok: false; error: string | null; fieldErrors: Record<string, string> }; init: { status: number } };

const load = async (path: string, who: Who = "trainer") => (await call(loader, get(`/cms/${path}`, who))) as LoaderData;
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

describe("who may open the content manager", () => {
  it("anonymous visitors go to /login, remembering the tab", async () => {
    expect(location(await call(loader, get("/cms/videos", null)))).toBe(`/login?redirectTo=${encodeURIComponent("/cms/videos")}`);
    // A tab's own data request is checked by the same middleware.
    expect(location(await call(loader, get("/cms/videos.data", null)))).toBe(`/login?redirectTo=${encodeURIComponent("/cms/videos")}`);
  });

  it("members are sent to /unauthorized, also for a tab's data request", async () => {
    expect(location(await call(loader, get("/cms/articles", "member")))).toBe("/unauthorized");
    expect(location(await call(loader, get("/cms/meal-plans.data", "member")))).toBe("/unauthorized");
  });

  it("trainers and admins see the tab of the URL", async () => {
    expect(await load("articles")).toMatchObject({ tab: "articles", cards: [], page: 1, pageCount: 1 });
    expect((await load("meal-plans", "admin")).tab).toBe("meal-plans");
    expect((await load("schedules.data")).tab).toBe("schedules");
  });
});

describe("the old address /cms?tab=X", () => {
  const moved = (search: string) => {
    const answer = oldAddress({ request: get(`/cms${search}`, "trainer"), params: {}, context: {} } as never) as Response;
    expect(answer.status).toBe(301);
    return answer.headers.get("location");
  };

  it("answers 301 with the tab's own URL, keeping page and the no-JS dialog parameters", () => {
    expect(moved("")).toBe("/cms/articles");
    expect(moved("?tab=videos")).toBe("/cms/videos");
    expect(moved("?tab=meal-plans&page=2")).toBe("/cms/meal-plans?page=2");
    expect(moved("?tab=schedules&add=1")).toBe("/cms/schedules?add=1");
    expect(moved("?tab=videos&page=3&delete=abc")).toBe("/cms/videos?page=3&delete=abc");
    expect(moved("?tab=nutrition-documents")).toBe("/cms/nutrition-documents");
    expect(moved("?tab=nonsense")).toBe("/cms/articles");
  });
});

describe("members and visitors cannot change content", () => {
  it("a member's create and delete posts are refused and nothing is written", async () => {
    const video = await call(action, post("/cms/videos", "trainer", { intent: "create", ...validVideo }));
    expect(location(video)).toBe("/cms/videos");
    const [existing] = await getDb().select().from(contentItem);
    await getDb().delete(auditLog);

    for (const [tab, fields] of Object.entries(forms)) {
      expect(location(await call(action, post(`/cms/${tab}`, "member", { intent: "create", ...fields })))).toBe("/unauthorized");
      expect(location(await call(action, post(`/cms/${tab}`, null, { intent: "create", ...fields })))).toMatch(/^\/login/);
    }
    expect(location(await call(action, post("/cms/videos", "member", { intent: "delete", id: existing!.id })))).toBe("/unauthorized");
    expect(await counts()).toEqual({ items: 1, articles: 0 });
    expect(await getDb().select().from(auditLog)).toEqual([]);
  });
});

describe("trainers and admins add and delete content", () => {
  for (const [tab, fields] of Object.entries(forms)) {
    it(`${tab}: create lands on the tab with 'Content added successfully', the new card first; delete removes it with 'Content deleted successfully'`, async () => {
      const who = tab === "schedules" ? "admin" : "trainer";
      // An older item, so the new one must come first.
      const first = await call(action, post(`/cms/${tab}`, who, { intent: "create", ...fields, title: "Older one" }));
      expect(location(first)).toBe(`/cms/${tab}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      const created = await call(action, post(`/cms/${tab}`, who, { intent: "create", ...fields }));
      expect(location(created)).toBe(`/cms/${tab}`);
      expect(await toastOf(created)).toEqual({ type: "success", title: "Content added successfully" });

      const page = await load(tab, who);
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
        expect((await load(other, who)).cards).toEqual([]);
      }

      const deleted = await call(action, post(`/cms/${tab}`, who, { intent: "delete", id: card.id }));
      expect(location(deleted)).toBe(`/cms/${tab}`);
      expect(await toastOf(deleted)).toEqual({ type: "success", title: "Content deleted successfully" });
      expect((await load(tab, who)).cards.map((c) => c.title)).toEqual(["Older one"]);

      const again = await call(action, post(`/cms/${tab}`, who, { intent: "delete", id: card.id }));
      expect(await toastOf(again)).toEqual({ type: "error", title: "Error", description: "This content no longer exists." });

      const actions = (await getDb().select().from(auditLog)).map((e) => e.action).sort();
      expect(actions).toEqual(["content.created", "content.created", "content.deleted"]);
    });
  }

  it("the article form publishes at once with a read time of 5 and no excerpt", async () => {
    await call(action, post("/cms/articles", "trainer", { intent: "create", ...forms.articles }));
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
    const first = await load("schedules");
    expect(first.cards).toHaveLength(24);
    expect(first.pageCount).toBe(2);
    const second = await load("schedules?page=2");
    expect(second.cards.map((c) => c.title)).toEqual(["Schedule 1", "Schedule 0"]);
    const deleted = await call(action, post("/cms/schedules?page=2", "trainer", { intent: "delete", page: "2", id: second.cards[0]!.id }));
    expect(location(deleted)).toBe("/cms/schedules?page=2");
  });

  it("the admin dashboard counts articles and content items together", async () => {
    await call(action, post("/cms/articles", "admin", { intent: "create", ...forms.articles }));
    await call(action, post("/cms/videos", "admin", { intent: "create", ...validVideo }));
    await call(action, post("/cms/schedules", "admin", { intent: "create", ...validSchedule }));
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
      const result = (await call(action, post(`/cms/${tab}`, "trainer", { intent: "create", category, difficulty: "Beginner" }))) as Refusal;
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
      post("/cms/videos", "trainer", { intent: "create", ...validVideo, videoUrl: "not a url", category: "Dancing" }),
    )) as Refusal;
    expect(video.init.status).toBe(400);
    expect(video.data.fieldErrors).toEqual({ videoUrl: "Please enter a valid URL (YouTube or Vimeo)", category: "Please choose a category" });
    const plan = (await call(
      action,
      post("/cms/meal-plans", "trainer", { intent: "create", ...validMealPlan, caloriesPerDay: "lots", durationWeeks: "200" }),
    )) as Refusal;
    expect(plan.data.fieldErrors).toEqual({ caloriesPerDay: "Calories per day must be a whole number", durationWeeks: "Duration in weeks must be between 1 and 104" });
    // A page rendered without JavaScript fills the form in again from these.
    expect((plan.data as unknown as { values: Record<string, string> }).values).toMatchObject({ title: validMealPlan.title, caloriesPerDay: "lots" });
    expect(await counts()).toEqual({ items: 0, articles: 0 });
  });

  it("an image that was never uploaded is refused with a message, not a 500", async () => {
    for (const tab of ["videos", "articles"] as const) {
      const result = (await call(action, post(`/cms/${tab}`, "trainer", { intent: "create", ...forms[tab], imageId: "no-such-upload" }))) as Refusal;
      expect(result.init.status).toBe(400);
      expect(result.data.error).toMatch(/could not be found/);
    }
    expect(await counts()).toEqual({ items: 0, articles: 0 });
  });

  it("an unknown intent, a missing id, and an unreadable body are 4xx", async () => {
    const unknown = (await call(action, post("/cms/articles", "trainer", { intent: "explode" }))) as Refusal;
    expect(unknown.init.status).toBe(400);
    const missing = await call(action, post("/cms/videos", "trainer", { intent: "delete" }));
    expect((await toastOf(missing))?.type).toBe("error");
    const multipart = (await call(action, postBody("/cms/articles", cookies.trainer, "hello", { "content-type": "text/plain" }))) as Refusal;
    expect(multipart.init.status).toBe(415);
  });
});
