import { AreaLink, useRoutedArea } from "./routed-area";
import { mainNav } from "./site-nav";

const heading = "font-display text-sm font-semibold uppercase tracking-widest text-white";
const link = "text-zinc-300 hover:text-white underline-offset-4 hover:underline";

const memberLinks = [
  { to: "/members", label: "Member Dashboard" },
  { to: "/members/nutrition", label: "Meal Prep Recipes" },
  { to: "/members/schedule", label: "Training Schedule" },
  { to: "/articles", label: "Articles" },
];

const legalLinks = [
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/terms", label: "Terms of Service" },
  { to: "/cookies", label: "Cookie Policy" },
];

function FooterLinks({ id, title, links }: { id: string; title: string; links: ReadonlyArray<{ to: string; label: string }> }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className={heading}>
        {title}
      </h2>
      <ul className="mt-4 space-y-2">
        {links.map((l) => (
          <li key={l.to}>
            <AreaLink href={l.to} className={link}>
              {l.label}
            </AreaLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The site settings the footer shows (the root loader passes them). */
type FooterSettings = Record<"businessName" | "phone" | "email" | "address" | "instagramUrl" | "facebookUrl" | "youtubeUrl" | "tiktokUrl", string>;

/** Contact details and social links appear once the coach has set them in the site settings. Its links are plain ones under one router handler (decision 0183). */
export function SiteFooter({ settings }: { settings: FooterSettings }) {
  const socials = [
    { href: settings.instagramUrl, label: "Instagram" },
    { href: settings.facebookUrl, label: "Facebook" },
    { href: settings.youtubeUrl, label: "YouTube" },
    { href: settings.tiktokUrl, label: "TikTok" },
  ].filter((s) => s.href);
  const hasContact = settings.phone || settings.email || settings.address;
  return (
    <footer className="bg-zinc-950 text-sm text-zinc-300" {...useRoutedArea()}>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-3">
          <p className="font-display text-2xl font-bold uppercase tracking-wider text-white">{settings.businessName}</p>
          <p>Members get meal prep recipes, workout videos and articles in the member area.</p>
          {socials.length > 0 ? (
            <ul className="flex flex-wrap gap-4 pt-2">
              {socials.map((s) => (
                <li key={s.label}>
                  <a href={s.href} className={link} rel="noopener noreferrer" target="_blank">
                    {s.label}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <FooterLinks id="footer-quick-links" title="Quick Links" links={[...mainNav, { to: "/articles", label: "Articles" }]} />
        <FooterLinks id="footer-members" title="Member Area" links={memberLinks} />
        <div>
          <h2 className={heading}>Contact</h2>
          <address className="mt-4 space-y-2 not-italic">
            {settings.phone ? (
              <p>
                <a href={`tel:${settings.phone.replace(/\s+/g, "")}`} className={link}>
                  {settings.phone}
                </a>
              </p>
            ) : null}
            {settings.email ? (
              <p>
                <a href={`mailto:${settings.email}`} className={link}>
                  {settings.email}
                </a>
              </p>
            ) : null}
            {settings.address ? <p className="whitespace-pre-line">{settings.address}</p> : null}
            {hasContact ? null : (
              <p>
                <AreaLink href="/contact" className={link}>
                  Send us your application
                </AreaLink>
              </p>
            )}
          </address>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>
            © {new Date().getFullYear()} {settings.businessName}. All rights reserved.
          </p>
          <ul className="flex flex-wrap gap-4">
            {legalLinks.map((l) => (
              <li key={l.to}>
                <AreaLink href={l.to} className={link}>
                  {l.label}
                </AreaLink>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
