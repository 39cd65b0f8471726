import { File, FileText, Video } from "lucide-react";
import type { DocumentType } from "~/modules/nutrition/nutrition.schema";

const icons = { pdf: FileText, video: Video, other: File } as const;

/** The card's type icon (pdf, video, other). Decorative: the type is also written out. */
export function DocumentTypeIcon({ type, className }: { type: DocumentType; className?: string }) {
  const Icon = icons[type];
  return <Icon className={className} aria-hidden="true" data-icon={type} />;
}
