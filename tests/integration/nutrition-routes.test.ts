// @test-database any: who may do what over the routes, and their answers; the SQL beneath is tested on both databases by its service's own tests (decision 0020).
/**
 * GET /documents/:id and POST /cms/documents over the route modules with real sign-in
 * sessions, the real database and disk; /uploads over the real HTTP application, which
 * must never serve a document file.
 */
import type http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDatabase, getDb, setDatabase } from "~/db/client.server";
import { contentItem } from "~/db/schema/library";
import { nutritionDocument } from "~/db/schema/documents";
import { getStorage } from "~/lib/storage.server";
import { createDocument } from "~/modules/nutrition/nutrition.server";
import { tinyPdf } from "~/modules/nutrition/nutrition.test-support";
import { storeDocumentFile } from "~/modules/uploads/documents.server";
import { storedFiles, uploadRows, wipeUploads } from "~/modules/uploads/uploads.test-support";
import { createUserWithPassword } from "~/modules/users/users.server";
import { action as uploadAction, loader as uploadLoader } from "~/routes/cms.documents";
import { loader as documentLoader } from "~/routes/documents.$id";
import { middleware as membersMiddleware } from "~/routes/members";
import { loader as dashboardLoader } from "~/routes/members._index";
import { loader as memberNutritionLoader } from "~/routes/members.nutrition";
import { loader as memberScheduleLoader } from "~/routes/members.schedule";
import { boot } from "../../server/app";
import { callRoute, getRequest, invokeRoute, postBody, signInCookie, underLayout } from "../support/route-calls";

type Who = "admin" | "trainer" | "member";
const PASSWORD = "nutrition-route-password";
const cookies: Record<Who, string> = { admin: "", trainer: "", member: "" };
const actors = {} as Record<Who, { id: string; email: string; role: Who }>;

beforeAll(async () => {
  for (const who of ["admin", "trainer", "member"] as const) {
    const email = `${who}@nutrition-route.test`;
    actors[who] = { id: (await createUserWithPassword({ name: `Nutrition ${who}`, email, password: PASSWORD, role: who })).id, email, role: who };
    cookies[who] = await signInCookie(email, PASSWORD);
  }
});

beforeEach(async () => {
  await getDb().delete(nutritionDocument);
  await wipeUploads();
});

async function open(id: string, who: Who | null, method = "GET"): Promise<Response> {
  const request = new Request(getRequest(`/documents/${encodeURIComponent(id)}`, who && cookies[who]), { method });
  return (await callRoute(documentLoader, request, { id })) as Response;
}

function upload(who: Who | null, bytes: Buffer, name = "Meal Plan.pdf") {
  const request = postBody(`/cms/documents?name=${encodeURIComponent(name)}`, who && cookies[who], new Uint8Array(bytes), { "content-type": "application/pdf" });
  return invokeRoute(uploadAction, request) as Promise<Response>;
}

async function pdfDocument(text = "Week one menu") {
  const pdf = tinyPdf(text);
  const file = await storeDocumentFile(actors.trainer, pdf, "Week One Menu.pdf");
  const doc = await createDocument(actors.trainer, { title: "Week one", category: "meal-plans", type: "pdf", uploadId: file.uploadId });
  return { pdf, doc, file };
}

describe("GET /documents/:id", () => {
  it("sends a visitor to sign in, with the way back, and never the bytes", async () => {
    const { doc } = await pdfDocument();
    const response = await open(doc.id, null);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(`/documents/${doc.id}`)}`);
    expect(response.headers.get("content-type")).not.toBe("application/pdf");
    expect(await response.text()).not.toContain("%PDF");
  });

  it("streams the PDF to a member, inline, private and not sniffable", async () => {
    const { doc, pdf } = await pdfDocument();
    const response = await open(doc.id, "member");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(`inline; filename="Week-One-Menu.pdf"; filename*=UTF-8''Week-One-Menu.pdf`);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-length")).toBe(String(pdf.length));
    expect(Buffer.from(await response.arrayBuffer()).equals(pdf)).toBe(true);

    const head = await open(doc.id, "member", "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("application/pdf");
    expect(head.body).toBeNull();
  });

  it("redirects a member to a link document's address", async () => {
    const doc = await createDocument(actors.admin, { title: "Hydration", category: "education", type: "video", url: "https://videos.example.com/hydration?t=1" });
    const response = await open(doc.id, "member");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("https://videos.example.com/hydration?t=1");
    expect((await open(doc.id, null)).headers.get("location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("answers 404 for an unknown document", async () => {
    const response = await open("no-such-document", "member");
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("Document not found");
  });
});

describe("POST /cms/documents", () => {
  it("answers a visitor 401 and a member 403, storing nothing", async () => {
    const visitor = await upload(null, tinyPdf());
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toEqual({ error: "Not authenticated" });
    const member = await upload("member", tinyPdf());
    expect(member.status).toBe(403);
    expect(await member.json()).toEqual({ error: "You do not have permission to upload documents." });
    expect(await uploadRows()).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });

  it.each(["trainer", "admin"] as const)("stores a %s's PDF: 201 with the upload id and the file name", async (who) => {
    const response = await upload(who, tinyPdf());
    expect(response.status).toBe(201);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const { document } = (await response.json()) as { document: { uploadId: string; fileName: string } };
    expect(document.fileName).toBe("Meal-Plan.pdf");
    expect(storedFiles()).toEqual([`documents/${document.uploadId}/Meal-Plan.pdf`]);
    expect(await uploadRows()).toEqual([expect.objectContaining({ id: document.uploadId, kind: "document", createdById: actors[who].id })]);
  });

  it("refuses a text file named .pdf with 415 and an over-20 MB body with 413, storing nothing", async () => {
    const text = await upload("trainer", Buffer.from("not really a pdf"), "notes.pdf");
    expect(text.status).toBe(415);
    expect(await text.json()).toEqual({ error: "Please choose a PDF file." });
    const big = await upload("trainer", Buffer.concat([tinyPdf(), Buffer.alloc(20 * 1024 * 1024)]));
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ error: "The PDF is larger than 20 MB." });
    const empty = await upload("trainer", Buffer.alloc(0));
    expect(empty.status).toBe(422);
    expect(await uploadRows()).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });

  it("answers GET with 405", async () => {
    const response = (await uploadLoader()) as Response;
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });
});

describe("the member area's nutrition parts", () => {
  const screens = { "": dashboardLoader, "/nutrition": memberNutritionLoader, "/schedule": memberScheduleLoader } as const;
  /** A member screen's loader, after the layout's sign-in check (which a visitor does not pass). */
  async function members(screen: keyof typeof screens, search: string, who: Who | null) {
    return (await invokeRoute(underLayout(membersMiddleware, screens[screen]), getRequest(`/members${screen}${search}`, who && cookies[who]))) as Record<string, unknown>;
  }

  beforeEach(async () => {
    await getDb().delete(contentItem);
  });

  async function publish(type: "meal_plan" | "schedule", title: string, extra: Partial<typeof contentItem.$inferInsert> = {}) {
    await getDb()
      .insert(contentItem)
      .values({ id: crypto.randomUUID(), type, title, description: `${title} description`, category: "Weight Loss", membersOnly: true, ...extra });
  }

  it("lists the category's documents and, on Meal Plans, the published meal plans", async () => {
    const { doc } = await pdfDocument();
    await createDocument(actors.trainer, { title: "Overnight oats", category: "recipes", type: "other", url: "https://recipes.example.com/oats" });
    await publish("meal_plan", "Lean bulk", { caloriesPerDay: 2800, durationWeeks: 8, difficulty: "Intermediate", ingredients: "Oats\nEggs", instructions: "Eat." });
    const mealPlans = (await members("/nutrition", "", "member")) as { category: string; documents: { id: string }[]; mealPlans: { title: string; ingredients: string }[] };
    expect(mealPlans.category).toBe("meal-plans");
    expect(mealPlans.documents.map((d) => d.id)).toEqual([doc.id]);
    expect(mealPlans.mealPlans).toEqual([expect.objectContaining({ title: "Lean bulk", caloriesPerDay: 2800, durationWeeks: 8, ingredients: "Oats\nEggs" })]);
    const recipes = (await members("/nutrition", "?category=recipes", "member")) as { documents: { title: string }[]; mealPlans: unknown[] };
    expect(recipes.documents.map((d) => d.title)).toEqual(["Overnight oats"]);
    expect(recipes.mealPlans).toEqual([]);
    expect(await members("/nutrition", "?category=nonsense", "member")).toMatchObject({ category: "meal-plans" });
  });

  it("shows the newest meal plan and documents on the dashboard, and workout schedules on the Training Schedule screen", async () => {
    expect((await members("", "", "member")).nutrition).toEqual({ mealPlan: null, documents: [] });
    await publish("meal_plan", "Older plan", { createdAt: new Date("2026-01-01T00:00:00Z") });
    await publish("meal_plan", "Newer plan");
    await publish("schedule", "Push pull legs", { durationWeeks: 6, workoutsPerWeek: 3, schedule: "Mon: push", equipmentNeeded: "Barbell" });
    // A minute apart: PGlite's clock counts milliseconds, and four quick inserts can share one.
    for (const [index, title] of ["One", "Two", "Three", "Four"].entries()) {
      const created = await createDocument(actors.trainer, { title, category: "education", type: "other", url: "https://example.com/" });
      await getDb().update(nutritionDocument).set({ createdAt: new Date(Date.UTC(2026, 0, 1, 12, index)) }).where(eq(nutritionDocument.id, created.id));
    }
    const insights = ((await members("", "", "member")) as { nutrition: { mealPlan: { title: string }; documents: { title: string }[] } }).nutrition;
    expect(insights.mealPlan.title).toBe("Newer plan");
    expect(insights.documents.map((d) => d.title)).toEqual(["Four", "Three", "Two"]);
    const schedule = (await members("/schedule", "", "member")) as { workoutSchedules: unknown[] };
    expect(schedule.workoutSchedules).toEqual([expect.objectContaining({ title: "Push pull legs", workoutsPerWeek: 3, schedule: "Mon: push", equipmentNeeded: "Barbell" })]);
  });

  it("gives a visitor nothing of it", async () => {
    await pdfDocument();
    // The layout's check answers 401 before the screen's loader runs.
    await expect(members("/nutrition", "", null)).rejects.toMatchObject({ status: 401 });
  });
});

describe("GET /uploads never serves documents", () => {
  let server: http.Server;
  let base: string;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    // boot() opens the configured database; the rest of this file keeps the per-file one.
    const original = getDatabase();
    const booted = await boot({ assets: { middleware: (_req, _res, next) => next() } });
    server = booted.server.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    stop = async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await booted.stopJobs();
      await booted.database.close();
      setDatabase(original);
    };
  });

  afterAll(() => stop?.());

  it("answers 404 for a stored document's key, with or without a session", async () => {
    // Written straight to storage: the booted database has none of this file's users.
    const key = "documents/AbCdEfGhIjKlMnOpQrStUv/Week-One-Menu.pdf";
    await getStorage().put(key, tinyPdf(), "application/pdf");
    expect(storedFiles()).toEqual([key]);
    for (const headers of [{}, { cookie: cookies.member }] as Record<string, string>[]) {
      const response = await fetch(`${base}/uploads/${key}`, { headers });
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("Not found");
    }
  });
});
