import type { Route } from "./+types/coach.payments[.]csv";
import { requirePermission } from "~/auth/session.server";
import { parseSearchParams } from "~/lib/search-params";
import { staffPaymentsQuery } from "~/modules/billing/staff-payments.schema";
import { staffPaymentsCsv } from "~/modules/billing/staff-payments.server";
import { todayForSite } from "~/modules/settings/settings.server";

/** 'Download CSV': every payment the page's filters select, streamed page by page for the accountant. */
export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requirePermission(request, "billing", "viewAny");
  const chunks = staffPaymentsCsv(staff, parseSearchParams(request, staffPaymentsQuery));
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="payments-${await todayForSite()}.csv"`,
      "cache-control": "private, no-store",
    },
  });
}
