import type { Route } from "./+types/privacy";
import { getEnv } from "~/lib/env.server";
import { seo } from "~/lib/seo";
import { DEFAULT_BUSINESS_NAME } from "~/lib/business-name";
import { LEGAL_UPDATED } from "~/modules/marketing/legal-document";
import { privacyPolicy } from "~/modules/marketing/privacy-content";
import { LegalPage } from "~/views/marketing/legal-page";
import { getSiteSettings } from "~/modules/settings/settings.server";

export async function loader() {
  const { businessName, email, phone, address } = await getSiteSettings();
  return { origin: getEnv().BASE_URL, contact: { businessName, email, phone, address } };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const businessName = loaderData?.contact.businessName ?? DEFAULT_BUSINESS_NAME;
  const doc = privacyPolicy(businessName);
  return seo({ title: `${doc.title} | ${businessName}`, description: doc.description, path: doc.path, origin: loaderData?.origin ?? "", siteName: businessName });
};

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return <LegalPage doc={privacyPolicy(loaderData.contact.businessName)} updated={LEGAL_UPDATED} contact={loaderData.contact} />;
}
