import { ExternalLink, Images } from "lucide-react";
import { buttonClass } from "~/components/ui/button";
import type { SocialProfile } from "~/modules/marketing/social";

/**
 * Stands in for the original's third-party embed script (see
 * docs/decisions/0007-social-embed-facade.md): nothing from the social network
 * loads on our page; the visitor chooses to open it, in a new tab.
 */
export function SocialFacade({ profile, subject }: { profile: SocialProfile; subject: string }) {
  const { url, network } = profile;
  return (
    <div className="grid items-center gap-8 rounded-2xl border border-zinc-200 bg-white p-8 md:grid-cols-[auto_1fr]">
      <div className="flex size-24 items-center justify-center rounded-2xl bg-zinc-950 text-brand-bright" aria-hidden="true">
        <Images className="size-12" />
      </div>
      <div className="space-y-4">
        <p className="text-lg">
          Photos, videos and updates from {subject} sessions are posted on our {network} page.
        </p>
        <p className="text-sm text-zinc-600">
          To protect your privacy, this page loads nothing from {network}. The button opens our {network} page in a new tab, where{" "}
          {network}&apos;s own privacy policy and cookies apply.
        </p>
        <a href={url} target="_blank" rel="noopener noreferrer" className={buttonClass("primary")}>
          See our posts on {network}
          <ExternalLink className="size-4" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </div>
    </div>
  );
}
