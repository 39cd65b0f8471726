/**
 * What the coach sells (decision 0132): administrators list, add, edit, order, archive and
 * restore products; the public pages list the live ones of each page in order. A product
 * is never deleted (plans, checkouts and invitations point at it) and a plan copies its
 * terms when bought, so an edit or an archive changes only what is sold from then on.
 */
import crypto from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { recordAudit } from "~/auth/audit.server";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDb, type Db } from "~/db/client.server";
import { billingProduct, type ProductPage } from "~/db/schema/billing";
import { program } from "~/db/schema/programs";
import { AppError } from "~/lib/app-error";
import { announcePublicContentChangeIn } from "~/lib/site-changes.server";
import { getBillingSettings } from "./billing-settings.server";
import { moneyInputValue } from "./money";
import { MAX_LIVE_PRODUCTS, MAX_PRODUCTS, moveProductSchema, productFormSchema, type ProductValues } from "./product-form.schema";
import { periodLabel, priceLabel, type PublicPackage } from "./product-labels";

export type Actor = Pick<SessionUser, "id" | "email" | "role">;

export const PRODUCT_NOT_FOUND = "Product not found";
export const NAME_TAKEN = "A product on sale has this name already";
export const TOO_MANY_LIVE = `At most ${MAX_LIVE_PRODUCTS} products can be on sale at once: archive one first.`;
export const TOO_MANY = `There are ${MAX_PRODUCTS} products, archived ones included: restore and edit an archived one instead of adding another.`;
export const TEMPLATE_GONE = "That program template could not be found: choose one from the list";
/** The program templates the form offers, by name. */
export const TEMPLATE_CHOICES = 200;

/** A product as the administrator's list and editor show it. */
export type AdminProduct = ProductValues & { id: string; position: number; creditValidDays: number | null; archived: boolean; priceInput: string };

const columns = {
  id: billingProduct.id,
  name: billingProduct.name,
  kind: billingProduct.kind,
  priceMinor: billingProduct.priceMinor,
  description: billingProduct.description,
  features: billingProduct.features,
  popular: billingProduct.popular,
  note: billingProduct.note,
  page: billingProduct.page,
  position: billingProduct.position,
  intervalUnit: billingProduct.intervalUnit,
  intervalCount: billingProduct.intervalCount,
  termWeeks: billingProduct.termWeeks,
  instalments: billingProduct.instalments,
  credits: billingProduct.credits,
  creditKind: billingProduct.creditKind,
  creditValidDays: billingProduct.creditValidDays,
  classAccess: billingProduct.classAccess,
  classesPerWeek: billingProduct.classesPerWeek,
  sessionsPerWeek: billingProduct.sessionsPerWeek,
  programTemplateId: billingProduct.programTemplateId,
  archivedAt: billingProduct.archivedAt,
};

function toAdmin({ archivedAt, ...row }: typeof billingProduct.$inferSelect | (Omit<typeof billingProduct.$inferSelect, "createdAt" | "updatedAt">)): AdminProduct {
  return { ...row, features: row.features ?? [], archived: archivedAt !== null, priceInput: moneyInputValue(row.priceMinor) };
}

/** Every product (live ones by page and position, then archived ones), the site currency and the templates the form offers. */
export async function listProductsForAdmin(actor: Actor) {
  ensureCan(actor, "billing", "manageProducts");
  const db = getDb();
  const [rows, templates, settings] = await Promise.all([
    db.select(columns).from(billingProduct).orderBy(sql`${billingProduct.archivedAt} is not null`, asc(billingProduct.page), asc(billingProduct.position), asc(billingProduct.name)).limit(MAX_PRODUCTS),
    listTemplateChoices(db),
    getBillingSettings(db),
  ]);
  return { products: rows.map(toAdmin), templates, currency: settings.currency };
}

/** One product for its editor (archived ones too, to read; they are edited once restored). */
export async function getProductForAdmin(actor: Actor, productId: string) {
  ensureCan(actor, "billing", "manageProducts");
  const db = getDb();
  const [[row], templates, settings] = await Promise.all([db.select(columns).from(billingProduct).where(eq(billingProduct.id, productId)), listTemplateChoices(db), getBillingSettings(db)]);
  if (!row) throw new AppError(404, PRODUCT_NOT_FOUND);
  const product = toAdmin(row);
  // A template archived since stays choosable for the product that has it.
  if (product.programTemplateId && !templates.some((t) => t.id === product.programTemplateId)) {
    const [kept] = await db.select({ id: program.id, name: program.name }).from(program).where(eq(program.id, product.programTemplateId));
    if (kept) templates.unshift(kept);
  }
  return { product, templates, currency: settings.currency };
}

/** What the product form offers: the coach's templates, and the currency its prices are in. */
export async function listProductFormChoices(actor: Actor) {
  ensureCan(actor, "billing", "manageProducts");
  const db = getDb();
  const [templates, settings] = await Promise.all([listTemplateChoices(db), getBillingSettings(db)]);
  return { templates, currency: settings.currency };
}

async function listTemplateChoices(db: Db) {
  return db
    .select({ id: program.id, name: program.name })
    .from(program)
    .where(and(eq(program.isTemplate, true), isNull(program.archivedAt)))
    .orderBy(asc(program.name))
    .limit(TEMPLATE_CHOICES);
}

/** Serialises every write to products (the limits, the name check and the order read what they change); the public pages' cached copies empty when it commits. */
async function lockProducts(tx: Db) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('billing_products'))`);
  await announcePublicContentChangeIn(tx);
  return tx.select({ id: billingProduct.id, name: billingProduct.name, page: billingProduct.page, position: billingProduct.position, archivedAt: billingProduct.archivedAt, programTemplateId: billingProduct.programTemplateId }).from(billingProduct);
}
type Locked = Awaited<ReturnType<typeof lockProducts>>;

function ensureNameFree(products: Locked, name: string, self?: string) {
  const clash = products.some((p) => p.id !== self && p.archivedAt === null && p.name.toLowerCase() === name.toLowerCase());
  if (clash) throw new AppError(400, "", { fieldErrors: { name: NAME_TAKEN } });
}

/** A template that exists and is not archived; a product keeps the one it has even if archived since. */
async function ensureTemplate(tx: Db, templateId: string | null, current: string | null = null) {
  if (templateId === null || templateId === current) return;
  const [found] = await tx.select({ id: program.id }).from(program).where(and(eq(program.id, templateId), eq(program.isTemplate, true), isNull(program.archivedAt)));
  if (!found) throw new AppError(400, "", { fieldErrors: { programTemplateId: TEMPLATE_GONE } });
}

const endOf = (products: Locked, page: ProductPage, self?: string) => Math.max(0, ...products.filter((p) => p.archivedAt === null && p.page === page && p.id !== self).map((p) => p.position)) + 1;

export async function createProduct(actor: Actor, input: unknown): Promise<{ id: string; name: string }> {
  ensureCan(actor, "billing", "manageProducts");
  const values = productFormSchema.parse(input);
  const id = `prod_${crypto.randomUUID()}`;
  await getDb().transaction(async (tx) => {
    const products = await lockProducts(tx);
    if (products.length >= MAX_PRODUCTS) throw new AppError(409, TOO_MANY);
    if (products.filter((p) => p.archivedAt === null).length >= MAX_LIVE_PRODUCTS) throw new AppError(409, TOO_MANY_LIVE);
    ensureNameFree(products, values.name);
    await ensureTemplate(tx, values.programTemplateId);
    await tx.insert(billingProduct).values({ id, ...values, position: endOf(products, values.page) });
  });
  await recordAudit({ action: "product.created", actor, target: { type: "product", id }, summary: `Added the product ${values.name} (${await describePrice(values)})` });
  return { id, name: values.name };
}

/** Saves a live product. Plans bought already keep the terms they copied; this changes what is sold from now on. */
export async function updateProduct(actor: Actor, productId: string, input: unknown): Promise<{ name: string }> {
  ensureCan(actor, "billing", "manageProducts");
  const values = productFormSchema.parse(input);
  await getDb().transaction(async (tx) => {
    const products = await lockProducts(tx);
    const current = products.find((p) => p.id === productId && p.archivedAt === null);
    if (!current) throw new AppError(404, PRODUCT_NOT_FOUND);
    ensureNameFree(products, values.name, productId);
    await ensureTemplate(tx, values.programTemplateId, current.programTemplateId);
    const position = current.page === values.page ? current.position : endOf(products, values.page, productId);
    await tx
      .update(billingProduct)
      .set({ ...values, position, updatedAt: new Date() })
      .where(eq(billingProduct.id, productId));
  });
  await recordAudit({ action: "product.updated", actor, target: { type: "product", id: productId }, summary: `Saved the product ${values.name} (${await describePrice(values)})` });
  return { name: values.name };
}

/** Moves a live product one place up or down among the live products of its page. */
export async function moveProduct(actor: Actor, input: unknown): Promise<void> {
  ensureCan(actor, "billing", "manageProducts");
  const form = moveProductSchema.parse(input);
  await getDb().transaction(async (tx) => {
    const products = await lockProducts(tx);
    const moving = products.find((p) => p.id === form.productId && p.archivedAt === null);
    if (!moving) throw new AppError(404, PRODUCT_NOT_FOUND);
    const page = products.filter((p) => p.archivedAt === null && p.page === moving.page).sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
    const at = page.findIndex((p) => p.id === moving.id);
    const to = form.direction === "up" ? at - 1 : at + 1;
    if (to < 0 || to >= page.length) return;
    [page[at], page[to]] = [page[to]!, page[at]!];
    for (const [i, p] of page.entries()) {
      if (p.position !== i + 1) await tx.update(billingProduct).set({ position: i + 1 }).where(eq(billingProduct.id, p.id));
    }
  });
}

/** Takes a product off sale: off its page and out of the choices; plans bought keep going. */
export async function archiveProduct(actor: Actor, productId: string): Promise<{ name: string }> {
  ensureCan(actor, "billing", "manageProducts");
  const name = await getDb().transaction(async (tx) => {
    const current = (await lockProducts(tx)).find((p) => p.id === productId && p.archivedAt === null);
    if (!current) throw new AppError(404, PRODUCT_NOT_FOUND);
    await tx.update(billingProduct).set({ archivedAt: new Date(), updatedAt: new Date() }).where(eq(billingProduct.id, productId));
    return current.name;
  });
  await recordAudit({ action: "product.archived", actor, target: { type: "product", id: productId }, summary: `Archived the product ${name}` });
  return { name };
}

/** Puts an archived product back on sale, at the end of its page. */
export async function restoreProduct(actor: Actor, productId: string): Promise<{ name: string }> {
  ensureCan(actor, "billing", "manageProducts");
  const name = await getDb().transaction(async (tx) => {
    const products = await lockProducts(tx);
    const current = products.find((p) => p.id === productId && p.archivedAt !== null);
    if (!current) throw new AppError(404, PRODUCT_NOT_FOUND);
    if (products.filter((p) => p.archivedAt === null).length >= MAX_LIVE_PRODUCTS) throw new AppError(409, TOO_MANY_LIVE);
    if (products.some((p) => p.archivedAt === null && p.name.toLowerCase() === current.name.toLowerCase())) throw new AppError(409, `${NAME_TAKEN}: rename one of them first.`);
    await tx.update(billingProduct).set({ archivedAt: null, position: endOf(products, current.page), updatedAt: new Date() }).where(eq(billingProduct.id, productId));
    return current.name;
  });
  await recordAudit({ action: "product.restored", actor, target: { type: "product", id: productId }, summary: `Restored the product ${name}` });
  return { name };
}

async function describePrice(values: ProductValues): Promise<string> {
  const { currency } = await getBillingSettings();
  return `${priceLabel(values.priceMinor, currency)} ${periodLabel(values)}`;
}

/** The live products of a public page, in order, as its cards show them (anyone may read them). */
export async function listPublicPackages(page: Exclude<ProductPage, "none">): Promise<PublicPackage[]> {
  const db = getDb();
  const [rows, { currency }] = await Promise.all([
    db
      .select(columns)
      .from(billingProduct)
      .where(and(eq(billingProduct.page, page), isNull(billingProduct.archivedAt)))
      .orderBy(asc(billingProduct.position), asc(billingProduct.name))
      .limit(MAX_LIVE_PRODUCTS),
    getBillingSettings(db),
  ]);
  return rows.map((p) => ({ id: p.id, name: p.name, price: priceLabel(p.priceMinor, currency), period: periodLabel(p), description: p.description, features: p.features ?? [], popular: p.popular, note: p.note }));
}
