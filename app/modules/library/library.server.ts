import crypto from "node:crypto";
import { and, count, desc, eq } from "drizzle-orm";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { AppError } from "~/lib/app-error";
import { contentItem } from "~/db/schema/library";
import { upload } from "~/db/schema/uploads";
import { recordAudit } from "~/auth/audit.server";
import { contentInputSchema, type ContentInput } from "./library.schema";
import { TYPE_LABELS, type ContentType } from "./library-types";

export const CONTENT_PAGE_SIZE = 24;

const IMAGE_GONE = "The image could not be found. Please upload it again.";

type Actor = Pick<SessionUser, "id" | "role" | "email">;
export type ContentItem = typeof contentItem.$inferSelect;

/** One page of one type, newest first (the content manager's grid). */
export async function listContent(actor: Actor, type: ContentType, { page = 1 }: { page?: number } = {}) {
  ensureCan(actor, "content", "list");
  const db = getDb();
  const [counted] = await db.select({ n: count() }).from(contentItem).where(eq(contentItem.type, type));
  const total = counted?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / CONTENT_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const items = await db
    .select()
    .from(contentItem)
    .where(eq(contentItem.type, type))
    // The id breaks ties between rows written in the same millisecond.
    .orderBy(desc(contentItem.createdAt), desc(contentItem.id))
    .limit(CONTENT_PAGE_SIZE)
    .offset((current - 1) * CONTENT_PAGE_SIZE);
  return { items, total, page: current, pageCount };
}

/**
 * What a visitor or member may see of one type, newest first: members-only items only
 * for signed-in users. The member area's nutrition and training tabs read this.
 */
export async function listPublishedContent(viewer: Pick<SessionUser, "id"> | null, type: ContentType, { limit = 100 }: { limit?: number } = {}) {
  const where = viewer ? eq(contentItem.type, type) : and(eq(contentItem.type, type), eq(contentItem.membersOnly, false));
  return getDb()
    .select()
    .from(contentItem)
    .where(where)
    .orderBy(desc(contentItem.createdAt), desc(contentItem.id))
    .limit(Math.min(Math.max(1, limit), 500));
}

/** Stores a new item (validated here, whatever the caller checked) and records it in the audit log. */
export async function createContent(actor: Actor, input: ContentInput): Promise<{ id: string }> {
  ensureCan(actor, "content", "create");
  const data = contentInputSchema.parse(input);
  const db = getDb();
  if (data.imageId) {
    const [found] = await db.select({ id: upload.id }).from(upload).where(and(eq(upload.id, data.imageId), eq(upload.kind, "image")));
    if (!found) throw new AppError(400, IMAGE_GONE, { fieldErrors: { imageId: IMAGE_GONE } });
  }
  const id = crypto.randomUUID();
  const common = {
    id,
    type: data.type,
    title: data.title,
    description: data.description,
    category: data.category,
    membersOnly: data.membersOnly,
    imageId: data.imageId,
    authorId: actor.id,
  };
  switch (data.type) {
    case "video":
      await db.insert(contentItem).values({ ...common, videoUrl: data.videoUrl, duration: data.duration });
      break;
    case "meal_plan":
      await db.insert(contentItem).values({
        ...common,
        caloriesPerDay: data.caloriesPerDay,
        durationWeeks: data.durationWeeks,
        ingredients: data.ingredients,
        instructions: data.instructions,
        difficulty: data.difficulty,
      });
      break;
    case "schedule":
      await db.insert(contentItem).values({
        ...common,
        durationWeeks: data.durationWeeks,
        workoutsPerWeek: data.workoutsPerWeek,
        schedule: data.schedule,
        equipmentNeeded: data.equipmentNeeded,
        notes: data.notes,
        difficulty: data.difficulty,
      });
      break;
  }
  await recordAudit({
    action: "content.created",
    actor: { id: actor.id, email: actor.email },
    target: { type: data.type, id },
    summary: `${TYPE_LABELS[data.type]} "${data.title}" added`,
  });
  return { id };
}

/** Removes an item; false when there is none with this id. */
export async function deleteContent(actor: Actor, id: string): Promise<boolean> {
  ensureCan(actor, "content", "delete");
  const [removed] = await getDb().delete(contentItem).where(eq(contentItem.id, id)).returning({ type: contentItem.type, title: contentItem.title });
  if (!removed) return false;
  await recordAudit({
    action: "content.deleted",
    actor: { id: actor.id, email: actor.email },
    target: { type: removed.type, id },
    summary: `${TYPE_LABELS[removed.type]} "${removed.title}" deleted`,
  });
  return true;
}

/** How many videos, meal plans and schedules there are (the admin dashboard adds the articles). */
export async function countContentItems(): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(contentItem);
  return row?.n ?? 0;
}
