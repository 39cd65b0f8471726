import { randomUUID } from "node:crypto";
import { and, eq, inArray, notInArray } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ZodError } from "zod";
import { getDatabase, getDb } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { billingProduct, memberPlan } from "~/db/schema/billing";
import { program } from "~/db/schema/programs";
import { onPublicContentChanged, relayPublicContentChanges } from "~/lib/site-changes.server";
import { newPerson, type Person } from "~/modules/workouts/training.test-support";
import { MAX_LIVE_PRODUCTS, MAX_PRODUCTS } from "./product-form.schema";
import {
  archiveProduct,
  createProduct,
  getProductForAdmin,
  listProductsForAdmin,
  listPublicPackages,
  moveProduct,
  NAME_TAKEN,
  PRODUCT_NOT_FOUND,
  restoreProduct,
  TEMPLATE_GONE,
  TOO_MANY,
  TOO_MANY_LIVE,
  updateProduct,
} from "./products.server";

let admin: Person;
let trainer: Person;
let member: Person;
const TEMPLATE = "product-test-template";
const OLD_TEMPLATE = "product-test-archived-template";

const weekly = { name: "Hybrid Coaching", kind: "subscription", price: "45", description: "", features: "Programme\nCheck-ins", note: "", page: "services", period: "week", classAccess: "none", sessionsPerWeek: "0", programTemplateId: "" };

const denied = expect.objectContaining({ status: 403 });
const fieldRefusal = (field: string, message: string) => expect.objectContaining({ status: 400, fieldErrors: { [field]: message } });
const names = async (page: "services" | "personal-training" | "nutrition-coaching" | "group-classes") => (await listPublicPackages(page)).map((p) => p.name);

beforeAll(async () => {
  [admin, trainer, member] = [await newPerson("admin"), await newPerson("trainer"), await newPerson("member")];
  await getDb()
    .insert(program)
    .values([
      { id: TEMPLATE, name: "Twelve Week Strength", isTemplate: true },
      { id: OLD_TEMPLATE, name: "Old Template", isTemplate: true, archivedAt: new Date() },
    ]);
});

let seeded: Array<typeof billingProduct.$inferSelect> = [];

/** Each test starts from migration 0025's nine products as seeded. */
beforeEach(async () => {
  if (seeded.length === 0) seeded = await getDb().select().from(billingProduct);
  await getDb().delete(memberPlan);
  await getDb().delete(billingProduct).where(notInArray(billingProduct.id, seeded.map((p) => p.id)));
  for (const { id, ...row } of seeded) await getDb().update(billingProduct).set(row).where(eq(billingProduct.id, id));
});

describe("products", () => {
  it("an administrator adds each kind at the end of its page, with what it includes; each is audited", async () => {
    const sub = await createProduct(admin, { ...weekly, period: "weeks", intervalCount: "2", classAccess: "limited", classesPerWeek: "2", sessionsPerWeek: "1", programTemplateId: TEMPLATE, popular: "on" });
    const term = await createProduct(admin, { ...weekly, name: "Twelve Weeks", kind: "term", price: "600", termWeeks: "12", instalments: "3", page: "nutrition-coaching" });
    const pack = await createProduct(admin, { ...weekly, name: "Ten Classes", kind: "pack", price: "80", credits: "10", creditKind: "class", creditValidDays: "60", page: "group-classes" });
    const stored = async (id: string) => (await getDb().select().from(billingProduct).where(eq(billingProduct.id, id)))[0];
    expect(await stored(sub.id)).toMatchObject({ kind: "subscription", priceMinor: 4500, intervalUnit: "week", intervalCount: 2, classAccess: "limited", classesPerWeek: 2, sessionsPerWeek: 1, programTemplateId: TEMPLATE, popular: true, position: 4 });
    expect(await stored(term.id)).toMatchObject({ kind: "term", priceMinor: 60000, termWeeks: 12, instalments: 3, intervalUnit: null, position: 4 });
    expect(await stored(pack.id)).toMatchObject({ kind: "pack", priceMinor: 8000, credits: 10, creditKind: "class", creditValidDays: 60, position: 1 });
    expect(await names("services")).toEqual(["Online Coaching", "Unlimited Access", "Personal Training", "Hybrid Coaching"]);
    expect(await listPublicPackages("group-classes")).toEqual([{ id: pack.id, name: "Ten Classes", price: "£80", period: "10 classes", description: "", features: ["Programme", "Check-ins"], popular: false, note: "" }]);
    const audit = await getDb().select({ action: auditLog.action, summary: auditLog.summary }).from(auditLog).where(inArray(auditLog.targetId, [sub.id, term.id, pack.id]));
    expect(audit.map((a) => a.summary).sort()).toEqual(["Added the product Hybrid Coaching (£45 every 2 weeks)", "Added the product Ten Classes (£80 10 classes)", "Added the product Twelve Weeks (£600 12 weeks, 3 payments)"]);
  });

  it("refuses trainers and members every read and write (403), and changes nothing", async () => {
    for (const who of [trainer, member]) {
      await expect(listProductsForAdmin(who)).rejects.toEqual(denied);
      await expect(getProductForAdmin(who, "prod_online_coaching")).rejects.toEqual(denied);
      await expect(createProduct(who, weekly)).rejects.toEqual(denied);
      await expect(updateProduct(who, "prod_online_coaching", { ...weekly, name: "Online Coaching", price: "1" })).rejects.toEqual(denied);
      await expect(moveProduct(who, { productId: "prod_personal_training", direction: "up" })).rejects.toEqual(denied);
      await expect(archiveProduct(who, "prod_online_coaching")).rejects.toEqual(denied);
      await expect(restoreProduct(who, "prod_online_coaching")).rejects.toEqual(denied);
    }
    expect((await listPublicPackages("services")).map((p) => `${p.name} ${p.price}`)).toEqual(["Online Coaching £35", "Unlimited Access £42", "Personal Training £60"]);
  });

  it("refuses a bad form, a name on sale already, and a template unknown, archived or not a template", async () => {
    await expect(createProduct(admin, { ...weekly, price: "1e2" })).rejects.toBeInstanceOf(ZodError);
    await expect(createProduct(admin, { ...weekly, name: "online coaching" })).rejects.toEqual(fieldRefusal("name", NAME_TAKEN));
    await expect(updateProduct(admin, "prod_unlimited_access", { ...weekly, name: "Online Coaching" })).rejects.toEqual(fieldRefusal("name", NAME_TAKEN));
    for (const programTemplateId of ["no-such-program", OLD_TEMPLATE]) {
      await expect(createProduct(admin, { ...weekly, programTemplateId })).rejects.toEqual(fieldRefusal("programTemplateId", TEMPLATE_GONE));
    }
    const copy = `product-test-copy-${randomUUID()}`;
    await getDb().insert(program).values({ id: copy, name: "A member's copy", isTemplate: false, memberId: member.id });
    await expect(createProduct(admin, { ...weekly, programTemplateId: copy })).rejects.toEqual(fieldRefusal("programTemplateId", TEMPLATE_GONE));
    expect(await names("services")).not.toContain("Hybrid Coaching");
  });

  it("keeps a product's template once archived, but no other product may take it", async () => {
    await getDb().update(billingProduct).set({ programTemplateId: OLD_TEMPLATE }).where(eq(billingProduct.id, "prod_personal_training"));
    const { templates } = await getProductForAdmin(admin, "prod_personal_training");
    expect(templates[0]).toEqual({ id: OLD_TEMPLATE, name: "Old Template" });
    await updateProduct(admin, "prod_personal_training", { ...weekly, name: "Personal Training", price: "65", programTemplateId: OLD_TEMPLATE });
    await expect(updateProduct(admin, "prod_online_coaching", { ...weekly, name: "Online Coaching", programTemplateId: OLD_TEMPLATE })).rejects.toEqual(fieldRefusal("programTemplateId", TEMPLATE_GONE));
  });

  it(`holds at most ${MAX_LIVE_PRODUCTS} on sale and ${MAX_PRODUCTS} in all, archived ones included`, async () => {
    const live = (await listProductsForAdmin(admin)).products.length;
    const bulk = (n: number, archived: boolean) =>
      Array.from({ length: n }, (_, i) => ({ id: `prod_bulk-${archived}-${i}`, name: `Bulk ${archived} ${i}`, kind: "pack" as const, priceMinor: 100, page: "none" as const, archivedAt: archived ? new Date() : null }));
    await getDb().insert(billingProduct).values(bulk(MAX_LIVE_PRODUCTS - live, false));
    await expect(createProduct(admin, weekly)).rejects.toEqual(expect.objectContaining({ status: 409, message: TOO_MANY_LIVE }));
    await archiveProduct(admin, "prod_online_coaching");
    await createProduct(admin, weekly);
    await expect(restoreProduct(admin, "prod_online_coaching")).rejects.toEqual(expect.objectContaining({ status: 409, message: TOO_MANY_LIVE }));
    await getDb().insert(billingProduct).values(bulk(MAX_PRODUCTS - MAX_LIVE_PRODUCTS - 1, true));
    await archiveProduct(admin, "prod_unlimited_access");
    await expect(createProduct(admin, { ...weekly, name: "One Too Many" })).rejects.toEqual(expect.objectContaining({ status: 409, message: TOO_MANY }));
  });

  it("archives a product off its page and out of editing; restores it at the end of its page unless its name is on sale again", async () => {
    expect(await archiveProduct(admin, "prod_online_coaching")).toEqual({ name: "Online Coaching" });
    expect(await names("services")).toEqual(["Unlimited Access", "Personal Training"]);
    expect((await listProductsForAdmin(admin)).products.find((p) => p.id === "prod_online_coaching")).toMatchObject({ archived: true });
    await expect(archiveProduct(admin, "prod_online_coaching")).rejects.toEqual(expect.objectContaining({ status: 404, message: PRODUCT_NOT_FOUND }));
    await expect(updateProduct(admin, "prod_online_coaching", { ...weekly, name: "Online Coaching" })).rejects.toEqual(expect.objectContaining({ status: 404 }));
    await expect(moveProduct(admin, { productId: "prod_online_coaching", direction: "up" })).rejects.toEqual(expect.objectContaining({ status: 404 }));
    await expect(restoreProduct(admin, "prod_unlimited_access")).rejects.toEqual(expect.objectContaining({ status: 404 }));

    const clash = await createProduct(admin, { ...weekly, name: "Online Coaching" });
    await expect(restoreProduct(admin, "prod_online_coaching")).rejects.toEqual(expect.objectContaining({ status: 409, message: `${NAME_TAKEN}: rename one of them first.` }));
    await archiveProduct(admin, clash.id);
    expect(await restoreProduct(admin, "prod_online_coaching")).toEqual({ name: "Online Coaching" });
    expect(await names("services")).toEqual(["Unlimited Access", "Personal Training", "Online Coaching"]);
    const audit = await getDb().select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, "prod_online_coaching"));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["product.archived", "product.restored"]));
  });

  it("lists a page's live products in the administrator's order; a product moved to another page goes to its end", async () => {
    await moveProduct(admin, { productId: "prod_personal_training", direction: "up" });
    expect(await names("services")).toEqual(["Online Coaching", "Personal Training", "Unlimited Access"]);
    await moveProduct(admin, { productId: "prod_online_coaching", direction: "up" });
    expect(await names("services")).toEqual(["Online Coaching", "Personal Training", "Unlimited Access"]);
    await moveProduct(admin, { productId: "prod_online_coaching", direction: "down" });
    expect(await names("services")).toEqual(["Personal Training", "Online Coaching", "Unlimited Access"]);
    await expect(moveProduct(admin, { productId: "prod_online_coaching", direction: "sideways" })).rejects.toBeInstanceOf(ZodError);

    await updateProduct(admin, "prod_online_coaching", { ...weekly, name: "Online Coaching", page: "personal-training", price: "36.50" });
    expect(await names("services")).toEqual(["Personal Training", "Unlimited Access"]);
    expect((await listPublicPackages("personal-training")).map((p) => `${p.name} ${p.price} ${p.period}`)).toEqual([
      "Starter £300 4 sessions",
      "Standard £560 8 sessions",
      "Premium £780 12 sessions",
      "Online Coaching £36.50 /week",
    ]);
  });

  it("leaves the plans bought from a product as they were when it is edited or archived", async () => {
    const planId = `plan-${randomUUID()}`;
    await getDb().insert(memberPlan).values({ id: planId, memberId: member.id, productId: "prod_online_coaching", name: "Online Coaching", kind: "subscription", priceMinor: 3500, currency: "GBP", intervalUnit: "week", intervalCount: 1, method: "manual", status: "active" });
    await updateProduct(admin, "prod_online_coaching", { ...weekly, name: "Online Coaching Pro", price: "50", period: "month", classAccess: "unlimited", sessionsPerWeek: "2" });
    await archiveProduct(admin, "prod_online_coaching");
    const [plan] = await getDb().select().from(memberPlan).where(and(eq(memberPlan.id, planId)));
    expect(plan).toMatchObject({ name: "Online Coaching", priceMinor: 3500, intervalUnit: "week", intervalCount: 1, classAccess: "none", sessionsPerWeek: 0, status: "active", productId: "prod_online_coaching" });
  });

  it("announces each change to the public pages' cache when it commits, and a refused one not at all", async () => {
    let heard = 0;
    onPublicContentChanged(() => (heard += 1));
    const stop = await relayPublicContentChanges(getDatabase());
    try {
      await expect(createProduct(admin, { ...weekly, name: "Online Coaching" })).rejects.toEqual(fieldRefusal("name", NAME_TAKEN));
      await updateProduct(admin, "prod_online_coaching", { ...weekly, name: "Online Coaching", price: "36" });
      await vi.waitFor(() => expect(heard).toBeGreaterThan(0));
      expect(heard).toBe(1);
      expect((await listPublicPackages("services"))[0]).toMatchObject({ name: "Online Coaching", price: "£36", period: "/week" });
    } finally {
      await stop();
    }
  });
});
