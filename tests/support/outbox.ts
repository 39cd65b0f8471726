import fs from "node:fs";
import path from "node:path";

/** The e-mails written to DATA_DIR/outbox (no SMTP_URL in tests), oldest first, quoted-printable undone. */
export function outboxMails(): string[] {
  const dir = path.join(process.env.DATA_DIR!, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((file) => fs.readFileSync(path.join(dir, file), "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "="));
}

/**
 * The e-mails after the first `since` whose Subject line holds `subject`: a test that runs the
 * jobs may also send others to the same people (on a Sunday between 07:00 and 19:00 a run
 * crossing a quarter hour sends every member their check-in reminder).
 */
export function mailsAbout(subject: string, since = 0): string[] {
  return outboxMails()
    .slice(since)
    .filter((m) => m.split(/\r?\n/).some((line) => line.startsWith("Subject: ") && line.includes(subject)));
}

/** The token of the newest link to `pathname` mailed to `email`. */
export function mailedToken(email: string, pathname: string): string {
  const mail = outboxMails()
    .filter((m) => m.includes(`To: ${email}`))
    .at(-1);
  const match = mail?.match(new RegExp(`${pathname.replace(/[/?]/g, "\\$&")}\\?token=([A-Za-z0-9_%-]+)`));
  if (!match) throw new Error(`No ${pathname} link mailed to ${email}`);
  return decodeURIComponent(match[1]!);
}
