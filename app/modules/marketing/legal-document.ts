/**
 * The shape of /privacy, /terms and /cookies, and the builders their texts are written
 * with (privacy-content.ts, terms-content.ts, cookies-content.ts). The texts are
 * plain-language starting points for a UK coaching business, not legal advice. The
 * business should read them through before relying on them, in particular the retention
 * periods, the providers it actually uses, and its own cancellation rules, and change
 * `LEGAL_UPDATED` whenever it edits them. Contact details are not written here: each
 * page shows the ones in the site settings (or points to the contact form when none
 * are set).
 */

export const LEGAL_UPDATED = { iso: "2026-11-21", label: "21 November 2026" } as const;

/** Text, or a link inside it: `to` for a page of this site, `href` for another site. */
export type Inline = string | { text: string; to: string } | { text: string; href: string };

export type LegalBlock =
  | { kind: "p"; content: Inline[] }
  | { kind: "list"; items: Inline[][] }
  /** Named items, each with a few labelled facts (e.g. a cookie: what it does, how long it lasts). */
  | { kind: "entries"; entries: readonly { name: string; facts: readonly (readonly [label: string, value: string])[] }[] }
  /** The business's contact details from the site settings. */
  | { kind: "contact" };

export interface LegalSection {
  id: string;
  title: string;
  blocks: LegalBlock[];
}

export interface LegalDocument {
  title: string;
  description: string;
  path: string;
  intro: string;
  sections: LegalSection[];
}

/** Builders for the blocks of the three documents. */
export const p = (...content: Inline[]): LegalBlock => ({ kind: "p", content });
export const list = (...items: (string | Inline[])[]): LegalBlock => ({ kind: "list", items: items.map((item) => (typeof item === "string" ? [item] : item)) });
export const contact: LegalBlock = { kind: "contact" };
export const link = (text: string, to: string): Inline => ({ text, to });
export const external = (text: string, href: string): Inline => ({ text, href });
