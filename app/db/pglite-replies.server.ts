/**
 * Reads what PGlite answers to one exchange of the extended protocol (decision 0159): the
 * rows of its one statement, typed by PGlite's parsers, its command tag, the first error,
 * and the notifications it carried. PGlite's own reader makes an object per message, copies
 * every field's bytes before decoding them, keeps its fields in private class members and
 * spreads its ~100 parsers into a new object per statement; this one reads the bytes where
 * they are and picks each column's parser once per statement.
 * Message layouts: https://www.postgresql.org/docs/current/protocol-message-formats.html
 */
import { messages, type Results } from "@electric-sql/pglite";

type Parser = (value: string, typeId: number) => unknown;

export interface ReplyOptions {
  rowMode?: "array" | "object";
  parsers?: Record<number, Parser>;
}

export interface Reply<T> {
  result: Results<T> & { command?: string; rowCount?: number };
  error: messages.DatabaseError | null;
  notifications: { channel: string; payload: string }[];
}

/** The fields of an ErrorResponse, by their one-letter codes, as node-postgres names them. */
const ERROR_FIELDS: Record<string, keyof messages.DatabaseError> = {
  C: "code",
  D: "detail",
  H: "hint",
  P: "position",
  p: "internalPosition",
  q: "internalQuery",
  W: "where",
  s: "schema",
  t: "table",
  c: "column",
  d: "dataType",
  n: "constraint",
  F: "file",
  L: "line",
  R: "routine",
};

/** The command tags that end in the number of rows they changed. */
const CHANGING = new Set(["INSERT", "UPDATE", "DELETE", "COPY", "MERGE"]);

const identity = (value: string) => value;

/** Where a NUL-terminated string starting at `start` ends. */
function endOf(bytes: Buffer, start: number): number {
  const end = bytes.indexOf(0, start);
  return end < 0 ? bytes.length : end;
}

function errorFrom(bytes: Buffer, start: number, end: number): messages.DatabaseError {
  const fields: Record<string, string> = {};
  let at = start;
  while (at < end && bytes[at] !== 0) {
    const code = String.fromCharCode(bytes[at]!);
    const stop = endOf(bytes, at + 1);
    fields[code] = bytes.toString("utf8", at + 1, stop);
    at = stop + 1;
  }
  const error = new messages.DatabaseError(fields.M ?? "database error", end - start + 4, "error");
  error.severity = fields.S;
  for (const [code, name] of Object.entries(ERROR_FIELDS)) if (fields[code] !== undefined) (error as unknown as Record<string, string>)[name] = fields[code];
  return error;
}

/** Reads the backend messages in `bytes` (whole messages, as one exchange produced them). */
export function readReply<T>(bytes: Buffer, defaultParsers: Record<number, Parser>, options?: ReplyOptions): Reply<T> {
  const asArrays = options?.rowMode === "array";
  const rows: unknown[] = [];
  let fields: { name: string; dataTypeID: number }[] = [];
  let parsers: Parser[] = [];
  let error: messages.DatabaseError | null = null;
  const notifications: Reply<T>["notifications"] = [];
  let command: string | undefined;
  let rowCount: number | undefined;
  let affectedRows = 0;

  let at = 0;
  while (at + 5 <= bytes.length) {
    const type = bytes[at]!;
    const length = bytes.readInt32BE(at + 1);
    const start = at + 5;
    const end = at + 1 + length;
    at = end;
    switch (type) {
      case 0x44: {
        // D: DataRow
        const count = bytes.readInt16BE(start);
        let cursor = start + 2;
        if (asArrays) {
          const row = new Array<unknown>(count);
          for (let column = 0; column < count; column++) {
            const size = bytes.readInt32BE(cursor);
            cursor += 4;
            if (size < 0) row[column] = null;
            else {
              row[column] = parsers[column]!(bytes.toString("utf8", cursor, cursor + size), fields[column]!.dataTypeID);
              cursor += size;
            }
          }
          rows.push(row);
        } else {
          const row: Record<string, unknown> = {};
          for (let column = 0; column < count; column++) {
            const size = bytes.readInt32BE(cursor);
            cursor += 4;
            const field = fields[column]!;
            if (size < 0) row[field.name] = null;
            else {
              row[field.name] = parsers[column]!(bytes.toString("utf8", cursor, cursor + size), field.dataTypeID);
              cursor += size;
            }
          }
          rows.push(row);
        }
        break;
      }
      case 0x54: {
        // T: RowDescription
        const count = bytes.readInt16BE(start);
        let cursor = start + 2;
        fields = [];
        parsers = [];
        for (let column = 0; column < count; column++) {
          const stop = endOf(bytes, cursor);
          const name = bytes.toString("utf8", cursor, stop);
          const dataTypeID = bytes.readInt32BE(stop + 7);
          fields.push({ name, dataTypeID });
          parsers.push(options?.parsers?.[dataTypeID] ?? defaultParsers[dataTypeID] ?? identity);
          cursor = stop + 19;
        }
        break;
      }
      case 0x43: {
        // C: CommandComplete
        const tag = bytes.toString("utf8", start, endOf(bytes, start));
        const parts = tag.split(" ");
        command = parts[0];
        const count = Number.parseInt(parts[parts.length - 1]!, 10);
        if (!Number.isNaN(count)) {
          rowCount = count;
          if (CHANGING.has(command!)) affectedRows += count;
        }
        break;
      }
      case 0x45:
        // E: ErrorResponse (the first one is the statement's error; the rest follow from it)
        error ??= errorFrom(bytes, start, end);
        break;
      case 0x41: {
        // A: NotificationResponse
        const channelEnd = endOf(bytes, start + 4);
        const payloadEnd = endOf(bytes, channelEnd + 1);
        notifications.push({ channel: bytes.toString("utf8", start + 4, channelEnd), payload: bytes.toString("utf8", channelEnd + 1, payloadEnd) });
        break;
      }
      default:
      // ParseComplete, BindComplete, NoData, ReadyForQuery, NoticeResponse, …: nothing to keep
    }
  }
  const result: Reply<T>["result"] = { rows: rows as T[], fields, affectedRows };
  if (command !== undefined) result.command = command;
  if (rowCount !== undefined) result.rowCount = rowCount;
  return { result, error, notifications };
}
