// @test-database none
import { describe, expect, it } from "vitest";
import { composeMail } from "./mail-body";

describe("composeMail", () => {
  const body = composeMail(
    "Your receipt <R-000001>",
    [
      { kind: "paragraph", text: "Thank you & see you soon." },
      { kind: "rows", rows: [["Amount", "£35.00"], ["Paid on", "7 December 2026"]] },
      { kind: "link", text: "Download the PDF", href: "https://coach.example/members/billing/receipts/r1?a=1&b=2" },
    ],
    "Sent by Relentless because you paid for a package.",
  );

  it("writes the same content as text, with links in full and rows aligned", () => {
    expect(body.text).toContain("Thank you & see you soon.");
    expect(body.text).toContain("Amount:  £35.00\nPaid on: 7 December 2026");
    expect(body.text).toContain("Download the PDF:\nhttps://coach.example/members/billing/receipts/r1?a=1&b=2");
    expect(body.text.endsWith("--\n\nSent by Relentless because you paid for a package.")).toBe(true);
  });

  it("escapes every value in the HTML part", () => {
    expect(body.html).toContain("<title>Your receipt &lt;R-000001&gt;</title>");
    expect(body.html).toContain("Thank you &amp; see you soon.");
    expect(body.html).toContain('href="https://coach.example/members/billing/receipts/r1?a=1&amp;b=2"');
    expect(body.html).not.toContain("<R-000001>");
  });
});
