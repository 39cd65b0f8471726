import { can } from "~/auth/permissions";
import type { SessionUser } from "~/auth/session.server";
import { onChange } from "~/lib/change-notices.server";
import { KeptReads } from "~/lib/kept-reads.server";
import { countUnreadMessages } from "./messages.server";

/**
 * The menu's unread count, kept per reader (decision 0145) until the notice of a committed
 * change to a conversation's messages or read marks: the member's own count, and every staff
 * reader's (staff count every conversation). 60 s at most.
 */
const keptCounts = new KeptReads<number>({ maxAgeMs: 60_000, maxEntries: 10_000 });
const keyOf = (reader: Pick<SessionUser, "id" | "role">) => `${can(reader.role, "conversations", "readAny") ? "staff" : "member"}:${reader.id}`;
onChange(["messages", "conversation_reads"], (memberId) =>
  keptCounts.clear(memberId === null ? undefined : (key) => key.startsWith("staff:") || key === `member:${memberId}`),
);

export function keptUnreadCount(reader: Pick<SessionUser, "id" | "role">): Promise<number> {
  return keptCounts.read(keyOf(reader), () => countUnreadMessages(reader));
}
