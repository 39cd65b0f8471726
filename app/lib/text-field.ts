/**
 * The two kinds of text a form takes (decision 0045), cleaned on the way in so that every
 * later reader (a page, a list, an e-mail's subject and text, a CSV) gets the same safe
 * string.
 *
 * - **One line** (names, titles, a location, a link): a line break or tab (CR, LF, TAB, VT,
 *   FF, NEL, the Unicode line and paragraph separators), or a run of them, becomes one
 *   space: a pasted "Strength\r\nBase" is the name "Strength Base", and no name can start
 *   a new line in an e-mail. Every other control character (NUL, ESC, DEL, C1) and the
 *   bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069, which
 *   reorder whatever is shown after the name) are removed. Right-to-left names need none
 *   of them; the marks (U+200E, U+200F, U+061C) stay.
 * - **Several lines** (notes, descriptions, Markdown): line breaks are kept, written as
 *   LF (a browser posts a textarea's breaks as CRLF); tabs stay; every other control
 *   character is removed.
 *
 * Removed, not refused: none of these can be typed into the field; they arrive by pasting
 * or probing, and what is left is what the person meant. The text is then trimmed, and a
 * schema's length rules count what is stored.
 */
import { z } from "zod";

const LINE_BREAKS_AND_TABS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;
/** Control characters (C0, DEL, C1) and the bidi embeddings, overrides and isolates. */
const CONTROLS_AND_BIDI_OVERRIDES = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu;
/** In several lines: every control character but TAB and LF (CR is made LF first). */
const CONTROLS_BUT_TAB_AND_LF = /(?![\t\n])\p{Cc}/gu;

/** `value` as one line: breaks and tabs folded to a space, other controls removed (not trimmed). */
export function toSingleLine(value: string): string {
  return value.replace(LINE_BREAKS_AND_TABS, " ").replace(CONTROLS_AND_BIDI_OVERRIDES, "");
}

/** `value` with its line breaks as LF and every other control character but TAB removed (not trimmed). */
export function toMultiLine(value: string): string {
  return value.replace(/\r\n?/g, "\n").replace(CONTROLS_BUT_TAB_AND_LF, "");
}

type StringParams = Parameters<typeof z.string>[0];

/** A one-line text field, cleaned and trimmed; chain its own length rules and messages. */
export const singleLineText = (params?: StringParams) => z.string(params).overwrite(toSingleLine).trim();

/** A text field of several lines (notes, descriptions, Markdown), cleaned and trimmed. */
export const multiLineText = (params?: StringParams) => z.string(params).overwrite(toMultiLine).trim();
