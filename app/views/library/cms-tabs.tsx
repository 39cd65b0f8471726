import { SectionTabs } from "~/components/ui/section-tabs";
import { CONTENT_TABS, contentTabPath } from "~/modules/library/library-types";

/** The content manager's sections: the spec's four content tabs, then nutrition documents. */
const SECTIONS = [...CONTENT_TABS.map((t) => ({ label: t.label as string, href: contentTabPath(t.value) })), { label: "Nutrition Documents", href: "/cms/nutrition-documents" }];

export function CmsTabs() {
  return <SectionTabs label="Content types" tabs={SECTIONS} />;
}
