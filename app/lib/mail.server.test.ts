// @test-database any: the sender's name is read from the site settings (decision 0020).
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetEnv } from "./env.server";
import { getDb } from "~/db/client.server";
import { siteSetting } from "~/db/schema/settings";
import { SITE_SETTINGS_KEY } from "./business-name.server";
import { mailMode, resetMailTransport, sendMail } from "./mail.server";

interface Received {
  from: string | false;
  to: string[];
  raw: string;
}

function outboxFiles(): string[] {
  const outbox = path.resolve(process.env.DATA_DIR!, "outbox");
  return fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
}

function useSmtpUrl(url: string | undefined) {
  if (url === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = url;
  resetEnv();
  resetMailTransport();
}

afterEach(async () => {
  useSmtpUrl(undefined);
  delete process.env.MAIL_FROM;
  await getDb().delete(siteSetting);
});

async function setBusinessName(businessName: string) {
  const value = { businessName };
  await getDb().insert(siteSetting).values({ key: SITE_SETTINGS_KEY, value }).onConflictDoUpdate({ target: siteSetting.key, set: { value } });
}

describe("without SMTP_URL", () => {
  it("keeps a subject on one line whatever it holds: no header can be added through it", async () => {
    const eml = fs.readFileSync(await sendMail({ to: "member@example.com", subject: "Hello\r\nBcc: intruder@example.com", text: "Hi." }), "utf8");
    expect(eml).toMatch(/^Subject: Hello Bcc: intruder@example\.com$/m);
    expect(eml).not.toMatch(/^Bcc:/m);
  });

  it("writes each message as an .eml file into DATA_DIR/outbox", async () => {
    expect(mailMode()).toBe("outbox");
    const outbox = path.resolve(process.env.DATA_DIR!, "outbox");

    const file = await sendMail({ to: "member@example.com", subject: "Your session on Monday", text: "See you at 7." });
    const second = await sendMail({ to: ["a@example.com", "b@example.com"], subject: "Second message", text: "Two." });

    expect(path.dirname(file)).toBe(outbox);
    expect(file).toMatch(/\.eml$/);
    expect(second).not.toBe(file);
    expect(outboxFiles()).toEqual(expect.arrayContaining([path.basename(file), path.basename(second)]));

    const eml = fs.readFileSync(file, "utf8");
    expect(eml).toMatch(/^To: member@example\.com$/m);
    expect(eml).toMatch(/^Subject: Your session on Monday$/m);
    expect(eml).toMatch(/^From: Relentless <no-reply@localhost>$/m);
    expect(eml).toContain("See you at 7.");
    expect(fs.readFileSync(second, "utf8")).toMatch(/^To: a@example\.com, b@example\.com$/m);
  });

  it("sends under the business name of the site settings when MAIL_FROM is unset, quoted as a header needs", async () => {
    await setBusinessName("Iron Will Coaching");
    const plain = await sendMail({ to: "member@example.com", subject: "Renamed", text: "Hi" });
    expect(fs.readFileSync(plain, "utf8")).toMatch(/^From: Iron Will Coaching <no-reply@localhost>$/m);

    await setBusinessName('Sam "The Hammer" Lee, Strength & Co. <Gym>');
    const quoted = await sendMail({ to: "member@example.com", subject: "Quoted", text: "Hi" });
    expect(fs.readFileSync(quoted, "utf8")).toMatch(/^From: "Sam \\"The Hammer\\" Lee, Strength & Co\. <Gym>" <no-reply@localhost>$/m);

    await setBusinessName("Iron\r\nBcc: someone@example.com");
    const folded = fs.readFileSync(await sendMail({ to: "member@example.com", subject: "One header", text: "Hi" }), "utf8");
    expect(folded).not.toMatch(/^Bcc:/m);
  });

  it("uses MAIL_FROM when it is set", async () => {
    await setBusinessName("Iron Will Coaching");
    process.env.MAIL_FROM = "Coach <coach@example.com>";
    resetEnv();
    const file = await sendMail({ to: "member@example.com", subject: "From the coach", text: "Hi" });
    expect(fs.readFileSync(file, "utf8")).toMatch(/^From: Coach <coach@example\.com>$/m);
  });
});

describe("with SMTP_URL", () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom && session.envelope.mailFrom.address,
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => resolve());
    });
    port = (server.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("delivers the message to the SMTP server and writes no file", async () => {
    useSmtpUrl(`smtp://127.0.0.1:${port}`);
    expect(mailMode()).toBe("smtp");
    const filesBefore = outboxFiles();

    const messageId = await sendMail({ to: "member@example.com", subject: "Sent over SMTP", text: "Hello over the wire." });

    expect(messageId).toMatch(/^<.+>$/);
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.from).toBe("no-reply@localhost");
    expect(mail!.to).toEqual(["member@example.com"]);
    expect(mail!.raw).toMatch(/^Subject: Sent over SMTP\r?$/m);
    expect(mail!.raw).toContain(`Message-ID: ${messageId}`);
    expect(mail!.raw).toContain("Hello over the wire.");
    expect(outboxFiles()).toEqual(filesBefore);
  });

  it("switches back to the outbox when SMTP_URL is unset again", async () => {
    useSmtpUrl(`smtp://127.0.0.1:${port}`);
    await sendMail({ to: "one@example.com", subject: "First", text: "1" });
    const before = received.length;

    useSmtpUrl(undefined);
    const file = await sendMail({ to: "two@example.com", subject: "Second", text: "2" });

    expect(received).toHaveLength(before);
    expect(fs.readFileSync(file, "utf8")).toMatch(/^Subject: Second$/m);
  });

  it("fails loudly when the SMTP server cannot be reached", async () => {
    const closed = new SMTPServer({ authOptional: true, disabledCommands: ["STARTTLS"], logger: false });
    const closedPort = await new Promise<number>((resolve) =>
      closed.listen(0, "127.0.0.1", () => resolve((closed.server.address() as AddressInfo).port)),
    );
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    useSmtpUrl(`smtp://127.0.0.1:${closedPort}`);
    await expect(sendMail({ to: "member@example.com", subject: "Lost", text: "x" })).rejects.toThrow(/ECONNREFUSED/);
  });
});
