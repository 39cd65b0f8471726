import crypto from "node:crypto";
import fs from "node:fs/promises";
import type { Transporter } from "nodemailer";
import { getBusinessName } from "./business-name.server";
import { dataPath, ensurePrivateDir } from "./data-dir.server";
import { getEnv } from "./env.server";
import { getLogger } from "./logger.server";

export interface Mail {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe of a reminder). */
  headers?: Record<string, string>;
}

let transport: Transporter | undefined;

/** nodemailer is loaded on the first e-mail, not at start-up. */
async function getTransport(): Promise<Transporter> {
  const env = getEnv();
  const { default: nodemailer } = await import("nodemailer");
  transport ??= env.SMTP_URL
    ? nodemailer.createTransport(env.SMTP_URL)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return transport;
}

export function mailMode(): "smtp" | "outbox" {
  return getEnv().SMTP_URL ? "smtp" : "outbox";
}

/** MAIL_FROM, else no-reply@ the site's host under the business name of the site settings (read at each e-mail). */
async function fromAddress(): Promise<string | { name: string; address: string }> {
  const env = getEnv();
  // An address object: nodemailer quotes and encodes whatever the name holds.
  return env.MAIL_FROM ?? { name: await getBusinessName(), address: `no-reply@${new URL(env.BASE_URL).hostname}` };
}

let outboxWrites = 0;

/** SMTP when SMTP_URL is set, else an .eml file in DATA_DIR/outbox/. Returns where it went. */
export async function sendMail(mail: Mail): Promise<string> {
  const info = await (await getTransport()).sendMail({ from: await fromAddress(), ...mail });
  if (mailMode() === "smtp") {
    getLogger().info({ messageId: info.messageId }, "mail sent over SMTP");
    return info.messageId;
  }
  // The outbox holds one-time links: the server's user only.
  const dir = dataPath("outbox");
  ensurePrivateDir(dir);
  // Named by time, then by the order this process wrote them (two in one millisecond still sort as written).
  const file = `${dir}/${new Date().toISOString().replace(/[:.]/g, "-")}-${String(++outboxWrites % 1_000_000).padStart(6, "0")}-${crypto.randomBytes(4).toString("hex")}.eml`;
  await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
  getLogger().info({ file }, "mail written to the outbox");
  return file;
}

/** Tests and reconfiguration start from a fresh transport. */
export function resetMailTransport(): void {
  transport?.close();
  transport = undefined;
}
