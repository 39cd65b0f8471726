// @test-database any: who may use the routes and what they answer; the SQL beneath is tested on both databases by the products module's own tests (decision 0020).
/**
 * /admin/billing and its product editor over route calls, for each role, and the service
 * pages reading the products: an administrator's edit, addition or archive is on the
 * page's next render.
 */
import { eq, notInArray } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { billingProduct } from "~/db/schema/billing";
import { siteSetting } from "~/db/schema/settings";
import { BILLING_SETTINGS_KEY } from "~/modules/billing/billing-settings.server";
import { createUserWithPassword } from "~/modules/users/users.server";
import { middleware as adminMiddleware } from "~/routes/admin";
import { action as rawBillingAction, loader as rawBillingLoader } from "~/routes/admin.billing";
import { action as rawEditAction, loader as rawEditLoader } from "~/routes/admin.billing.products.$productId";
import { action as rawNewAction } from "~/routes/admin.billing.products.new";
import { loader as servicesLoader } from "~/routes/services";
import { loader as personalTrainingLoader } from "~/routes/services.personal-training";
import { callRoute, getRequest, isDataResult, locationOf, postForm, signInCookie, toastOf, underLayout } from "../support/route-calls";

const billingLoader = underLayout(adminMiddleware, rawBillingLoader);
const billingAction = underLayout(adminMiddleware, rawBillingAction);
const editLoader = underLayout(adminMiddleware, rawEditLoader);
const editAction = underLayout(adminMiddleware, rawEditAction);
const newAction = underLayout(adminMiddleware, rawNewAction);

type Role = "admin" | "trainer" | "member";
const cookies: Record<Role, string> = { admin: "", trainer: "", member: "" };
const EDIT = "/admin/billing/products/prod_online_coaching";
const product = { intent: "save-product", name: "Online Coaching", kind: "subscription", price: "39.50", description: "Coaching wherever you train.", features: "A programme\nCheck-ins", note: "", page: "services", period: "week", classAccess: "none", sessionsPerWeek: "0", programTemplateId: "" };
let seeded: Array<typeof billingProduct.$inferSelect> = [];

const services = async () => ((await callRoute(servicesLoader, getRequest("/services"))) as Awaited<ReturnType<typeof servicesLoader>>).packages.map((p) => `${p.name} ${p.price}${p.period}`);

beforeAll(async () => {
  for (const role of ["admin", "trainer", "member"] as const) {
    await createUserWithPassword({ name: `Billing ${role}`, email: `${role}@billing-routes.test`, password: `${role}-password-1`, role });
    cookies[role] = await signInCookie(`${role}@billing-routes.test`, `${role}-password-1`);
  }
  seeded = await getDb().select().from(billingProduct);
});

beforeEach(async () => {
  await getDb().delete(billingProduct).where(notInArray(billingProduct.id, seeded.map((p) => p.id)));
  for (const { id, ...row } of seeded) await getDb().update(billingProduct).set(row).where(eq(billingProduct.id, id));
  await getDb().delete(siteSetting).where(eq(siteSetting.key, BILLING_SETTINGS_KEY));
});

describe("/admin/billing", () => {
  it("is for administrators: products by page, the settings and direct debit off; trainers and members go to /members", async () => {
    const page = (await callRoute(billingLoader, getRequest("/admin/billing", cookies.admin))) as Awaited<ReturnType<typeof rawBillingLoader>>;
    expect(page.products.filter((p) => p.page === "services").map((p) => p.name)).toEqual(["Online Coaching", "Unlimited Access", "Personal Training"]);
    expect(page.settings.graceDays).toBe(7);
    expect(page.directDebit).toEqual({ on: false });
    for (const role of ["trainer", "member"] as const) {
      expect(locationOf(await callRoute(billingLoader, getRequest("/admin/billing", cookies[role])))).toBe("/members");
      expect(locationOf(await callRoute(editLoader, getRequest(EDIT, cookies[role]), { productId: "prod_online_coaching" }))).toBe("/members");
      expect(locationOf(await callRoute(editAction, postForm(EDIT, cookies[role], { ...product, price: "1" }), { productId: "prod_online_coaching" }))).toBe("/members");
      expect(locationOf(await callRoute(billingAction, postForm("/admin/billing", cookies[role], { intent: "archive-product", productId: "prod_online_coaching" })))).toBe("/members");
    }
    expect(locationOf(await callRoute(billingLoader, getRequest("/admin/billing", null)))).toMatch(/^\/login/);
    expect(await services()).toEqual(["Online Coaching £35/week", "Unlimited Access £42/week", "Personal Training £60/week"]);
  });

  it("an edit by the administrator is on /services at once; a refused one answers 400 at the field and changes nothing", async () => {
    const refused = await callRoute(editAction, postForm(EDIT, cookies.admin, { ...product, price: "0x10" }), { productId: "prod_online_coaching" });
    expect(isDataResult(refused) && refused.init?.status).toBe(400);
    expect(isDataResult(refused) && (refused.data as { fieldErrors: object }).fieldErrors).toEqual({ price: "Price must be an amount such as 35 or 35.50" });
    expect(await services()).toContain("Online Coaching £35/week");

    const saved = await callRoute(editAction, postForm(EDIT, cookies.admin, product), { productId: "prod_online_coaching" });
    expect(locationOf(saved)).toBe("/admin/billing");
    expect(await toastOf(saved)).toMatchObject({ title: "Product saved" });
    expect(await services()).toEqual(["Online Coaching £39.50/week", "Unlimited Access £42/week", "Personal Training £60/week"]);

    await expect(callRoute(editLoader, getRequest("/admin/billing/products/nope", cookies.admin), { productId: "nope" })).rejects.toMatchObject({ status: 404, message: "Product not found" });
  });

  it("a product added, moved and archived shows on its page in order, and leaves it when archived", async () => {
    const pack = { ...product, name: "Two Sessions", kind: "pack", price: "150", credits: "2", creditKind: "session", creditValidDays: "60", page: "personal-training" };
    expect(locationOf(await callRoute(newAction, postForm("/admin/billing/products/new", cookies.admin, pack)))).toBe("/admin/billing");
    const pt = async () => ((await callRoute(personalTrainingLoader, getRequest("/services/personal-training"))) as Awaited<ReturnType<typeof personalTrainingLoader>>).packages.map((p) => `${p.name} ${p.price} ${p.period}`);
    expect(await pt()).toEqual(["Starter £300 4 sessions", "Standard £560 8 sessions", "Premium £780 12 sessions", "Two Sessions £150 2 sessions"]);
    const [added] = await getDb().select({ id: billingProduct.id }).from(billingProduct).where(eq(billingProduct.name, "Two Sessions"));
    await callRoute(billingAction, postForm("/admin/billing", cookies.admin, { intent: "move-product", productId: added!.id, direction: "up" }));
    expect((await pt()).at(2)).toBe("Two Sessions £150 2 sessions");
    await callRoute(billingAction, postForm("/admin/billing", cookies.admin, { intent: "archive-product", productId: "prod_pt_starter" }));
    expect(await pt()).toEqual(["Standard £560 8 sessions", "Two Sessions £150 2 sessions", "Premium £780 12 sessions"]);
    const again = await callRoute(billingAction, postForm("/admin/billing", cookies.admin, { intent: "archive-product", productId: "prod_pt_starter" }));
    expect(await toastOf(again)).toMatchObject({ type: "error", title: "Failed to archive product", description: "Product not found" });
  });

  it("saves the billing settings; a new currency shows on the public prices, a bad grace period answers 400", async () => {
    const settings = { intent: "billing-settings", currency: "EUR", graceDays: "5", lateCancelKeepsCredit: "on", noShowKeepsCredit: "on", vatNumber: "", vatRate: "20" };
    const bad = await callRoute(billingAction, postForm("/admin/billing", cookies.admin, { ...settings, graceDays: "99" }));
    expect(isDataResult(bad) && bad.init?.status).toBe(400);
    expect(locationOf(await callRoute(billingAction, postForm("/admin/billing", cookies.admin, settings)))).toBe("/admin/billing");
    expect((await services())[0]).toBe("Online Coaching €35/week");
  });
});
