import { z } from "zod";
import type { PictureImage } from "~/components/ui/picture";
import { multiLineText } from "~/lib/text-field";

/**
 * A message of a member's conversation with the coaching team, checked in the browser and
 * again on the server with the same messages.
 */
export const MESSAGE_MAX = 5000;

export const MESSAGE_REQUIRED = "Please write a message";
export const MESSAGE_TOO_LONG = `A message must be at most ${MESSAGE_MAX.toLocaleString("en-US")} characters`;

/** The text of a message: empty only when an image is sent (the server checks that, the form too). */
export const messageSchema = z.object({
  body: multiLineText({ message: MESSAGE_REQUIRED }).max(MESSAGE_MAX, MESSAGE_TOO_LONG),
});

/** A form's image field: a chosen file (an empty file input posts an empty one). */
export const chosenFile = (value: unknown): value is Blob => typeof Blob !== "undefined" && value instanceof Blob && value.size > 0;

export const CONVERSATION_NOT_FOUND = "Conversation not found";

/** Where each side reads a member's conversation. */
export const memberMessagesPath = "/members/messages";
export const staffMessagesPath = (memberId: string) => `/coach/members/${encodeURIComponent(memberId)}/messages`;

/** A message's form: an image of up to 10 MB and the text (a 100,000-character text alone is over it: 413). */
export const MESSAGE_FORM_MAX_BYTES = 10 * 1024 * 1024 + 64 * 1024;

/** The intent of the form that sends a message (both sides). */
export const SEND_MESSAGE_INTENT = "send-message";

/** How many messages a conversation shows at once; 'Earlier messages' pages back by as many. */
export const MESSAGES_PER_PAGE = 50;

/** An unread count is counted up to this; the menu shows "99+" above it. */
export const UNREAD_COUNT_CAP = 99;

/** A message as both sides see it (browser-safe): the page renders it, the event stream sends it as JSON. */
export interface MessageView {
  id: string;
  /** Its place in the conversation (1, 2, …): the event stream's event id. */
  seq: number;
  body: string;
  /** Written by the member (false: by the coaching team). */
  fromMember: boolean;
  /** The writer's name; null when their account was deleted since. */
  authorName: string | null;
  /** ISO time it was sent. */
  sentAt: string;
  /** When it was sent, in the site's time zone ('Nov 21, 2026, 3:45 PM'). */
  sentAtLabel: string;
  /** Its image, served only to the member and the staff (/message-images/:messageId/:file). */
  image: PictureImage | null;
}

/** One member's conversation as a page shows it: the newest messages, oldest first. */
export interface ConversationPage {
  member: { id: string; name: string };
  messages: MessageView[];
  /** The `before` of the page of earlier messages, or null when these are the first. */
  earlierBefore: number | null;
  /** The newest message's seq in the whole conversation (0 when empty): the live stream starts after it. */
  lastSeq: number;
}

/** A row of the staff's list of conversations. */
export interface ConversationListItem {
  memberId: string;
  memberName: string;
  lastMessage: { body: string; fromMember: boolean; sentAtLabel: string } | null;
  /** Member messages after the acting staff user's read mark (capped at UNREAD_COUNT_CAP + 1). */
  unread: number;
  /** The member's last message is not answered by the team yet. */
  awaitingTeam: boolean;
}

/** "3", or "99+" above the cap. */
export const formatUnread = (count: number) => (count > UNREAD_COUNT_CAP ? `${UNREAD_COUNT_CAP}+` : String(count));

/** The conversation page's address: `?before=` a message number (else the latest page). */
export const conversationQuery = z.object({
  before: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .optional()
    .catch(undefined),
});
