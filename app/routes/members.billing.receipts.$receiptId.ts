import type { Route } from "./+types/members.billing.receipts.$receiptId";
import { answerPrivateFile } from "~/auth/session.server";
import { PRIVATE_FILE_HEADERS } from "~/lib/resource.server";
import { openReceiptPdf } from "~/modules/billing/receipt-pdf.server";

/**
 * GET /members/billing/receipts/:receiptId: a receipt as a PDF, to the member it was issued
 * to and to staff; never kept by a cache. Visitors are sent to sign in and get no bytes;
 * another member's receipt is 404, as one that does not exist.
 */
export function loader({ request, params }: Route.LoaderArgs) {
  return answerPrivateFile(
    request,
    async (viewer) => {
      const { fileName, bytes } = await openReceiptPdf(viewer, params.receiptId);
      return new Response(request.method === "HEAD" ? null : new Uint8Array(bytes), {
        status: 200,
        headers: {
          ...PRIVATE_FILE_HEADERS,
          "Content-Type": "application/pdf",
          "Content-Length": String(bytes.byteLength),
          "Content-Disposition": `inline; filename="${fileName}"`,
        },
      });
    },
    PRIVATE_FILE_HEADERS,
  );
}
