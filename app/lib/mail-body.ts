/**
 * One e-mail body written once and sent as both parts (decision 0131): plain text for every
 * mail program, and simple HTML (no images, no external styles, inline styles only) for those
 * that show it. Every value is escaped; links are written out in full in the text part.
 */

export type MailBlock =
  | { kind: "paragraph"; text: string }
  /** Label and value rows: the amounts and dates of a receipt or a failed payment. */
  | { kind: "rows"; rows: ReadonlyArray<readonly [string, string]> }
  /** A call to action: a button in HTML, "text: url" in the text part. */
  | { kind: "link"; text: string; href: string };

export interface MailBody {
  text: string;
  html: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);
}

function textOf(block: MailBlock): string {
  if (block.kind === "paragraph") return block.text;
  if (block.kind === "link") return `${block.text}:\n${block.href}`;
  const width = Math.max(...block.rows.map(([label]) => label.length));
  return block.rows.map(([label, value]) => `${`${label}:`.padEnd(width + 2)}${value}`).join("\n");
}

function htmlOf(block: MailBlock): string {
  if (block.kind === "paragraph") return `<p style="margin:0 0 16px">${escapeHtml(block.text).replace(/\n/g, "<br>")}</p>`;
  if (block.kind === "link") {
    return `<p style="margin:24px 0"><a href="${escapeHtml(block.href)}" style="display:inline-block;background:#b91c1c;color:#ffffff;padding:12px 20px;border-radius:6px;font-weight:bold;text-decoration:none">${escapeHtml(block.text)}</a></p>`;
  }
  const rows = block.rows
    .map(([label, value]) => `<tr><th scope="row" style="text-align:left;padding:6px 16px 6px 0;font-weight:normal;color:#52525b">${escapeHtml(label)}</th><td style="padding:6px 0;font-weight:bold">${escapeHtml(value)}</td></tr>`)
    .join("");
  return `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${rows}</table>`;
}

/** The two parts of an e-mail from its title, its blocks and a footer line (who sent it, why). */
export function composeMail(title: string, blocks: readonly MailBlock[], footer: string): MailBody {
  const text = [...blocks.map(textOf), "--", footer].join("\n\n");
  const html = [
    "<!doctype html>",
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#18181b">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">',
    `<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(title)}</h1>`,
    ...blocks.map(htmlOf),
    `<p style="margin:24px 0 0;font-size:13px;color:#52525b">${escapeHtml(footer)}</p>`,
    "</div></body></html>",
  ].join("\n");
  return { text, html };
}
