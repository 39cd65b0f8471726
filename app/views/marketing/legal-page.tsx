import { Fragment, useId } from "react";
import { Link } from "react-router";
import type { SiteSettings } from "~/modules/settings/settings-defaults";
import type { Inline, LegalBlock, LegalDocument } from "~/modules/marketing/legal-document";

export type LegalContact = Pick<SiteSettings, "businessName" | "email" | "phone" | "address">;

const linkClass = "font-semibold text-brand underline underline-offset-4 hover:text-brand-strong";

function InlineText({ content }: { content: Inline[] }) {
  return (
    <>
      {content.map((part, index) => {
        if (typeof part === "string") return <Fragment key={index}>{part}</Fragment>;
        if ("to" in part)
          return (
            <Link key={index} to={part.to} className={linkClass}>
              {part.text}
            </Link>
          );
        return (
          <a key={index} href={part.href} className={linkClass} rel="noopener noreferrer">
            {part.text}
          </a>
        );
      })}
    </>
  );
}

/** The business's details as set in the site settings; without any, the contact form. */
function ContactDetails({ contact }: { contact: LegalContact }) {
  const hasDetails = Boolean(contact.email || contact.phone || contact.address);
  return (
    <address className="space-y-1 rounded-xl border border-zinc-200 bg-zinc-50 p-5 not-italic">
      <p className="font-semibold text-zinc-900">{contact.businessName}</p>
      {contact.email ? (
        <p>
          E-mail:{" "}
          <a href={`mailto:${contact.email}`} className={linkClass}>
            {contact.email}
          </a>
        </p>
      ) : null}
      {contact.phone ? (
        <p>
          Phone:{" "}
          <a href={`tel:${contact.phone.replace(/\s+/g, "")}`} className={linkClass}>
            {contact.phone}
          </a>
        </p>
      ) : null}
      {contact.address ? <p className="whitespace-pre-line">{contact.address}</p> : null}
      {hasDetails ? null : (
        <p>
          To reach us, please use the{" "}
          <Link to="/contact" className={linkClass}>
            contact form
          </Link>
          .
        </p>
      )}
    </address>
  );
}

function Block({ block, contact }: { block: LegalBlock; contact: LegalContact }) {
  switch (block.kind) {
    case "p":
      return (
        <p>
          <InlineText content={block.content} />
        </p>
      );
    case "list":
      return (
        <ul className="list-disc space-y-2 pl-6 marker:text-brand">
          {block.items.map((item, index) => (
            <li key={index}>
              <InlineText content={item} />
            </li>
          ))}
        </ul>
      );
    case "entries":
      return (
        <ul className="grid gap-4">
          {block.entries.map((entry) => (
            <li key={entry.name} className="rounded-xl border border-zinc-200 p-5">
              <h3 className="break-words font-sans text-base font-bold">
                <code className="rounded bg-zinc-100 px-1.5 py-0.5 text-zinc-900">{entry.name}</code>
              </h3>
              <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[10rem_1fr]">
                {entry.facts.map(([label, value]) => (
                  <div key={label} className="contents">
                    <dt className="font-semibold text-zinc-900">{label}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      );
    case "contact":
      return <ContactDetails contact={contact} />;
  }
}

/** The one layout of /privacy, /terms and /cookies: title, last-updated date, contents and sections. */
export function LegalPage({ doc, updated, contact }: { doc: LegalDocument; updated: { iso: string; label: string }; contact: LegalContact }) {
  const contentsId = useId();
  return (
    <>
      <header className="bg-zinc-950 text-white">
        <div className="mx-auto max-w-4xl space-y-4 px-4 py-14 sm:px-6 sm:py-20">
          <p className="font-display text-sm font-semibold uppercase tracking-[0.3em] text-brand-bright">Legal</p>
          <h1 className="text-4xl font-bold uppercase sm:text-5xl">{doc.title}</h1>
          <p className="text-zinc-300">
            Last updated: <time dateTime={updated.iso}>{updated.label}</time>
          </p>
        </div>
      </header>
      <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 sm:py-16">
        <p className="text-lg text-zinc-700">{doc.intro}</p>
        <nav aria-labelledby={contentsId} className="mt-10 rounded-xl border border-zinc-200 p-6">
          <h2 id={contentsId} className="text-lg font-bold uppercase">
            On this page
          </h2>
          <ol className="mt-3 grid list-decimal gap-x-8 gap-y-1 pl-5 sm:grid-cols-2">
            {doc.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-zinc-800 underline-offset-4 hover:text-brand hover:underline">
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="mt-4">
          {doc.sections.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="scroll-mt-24 pt-10">
              <h2 id={`${section.id}-heading`} className="text-2xl font-bold uppercase">
                {section.title}
              </h2>
              <div className="mt-4 space-y-4 leading-relaxed text-zinc-800">
                {section.blocks.map((block, index) => (
                  <Block key={index} block={block} contact={contact} />
                ))}
              </div>
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
