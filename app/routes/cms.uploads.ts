import type { Route } from "./+types/cms.uploads";
import { onlyPost } from "~/lib/only-post.server";
import { handleStaffUpload, readUploadBody } from "./cms.uploads.server";
import { storeImage } from "~/modules/uploads/uploads.server";

export function loader() {
  return onlyPost();
}

/** POST the image file itself as the body (not a form): 201 {image} for trainers and administrators. */
export function action({ request }: Route.ActionArgs) {
  return handleStaffUpload(request, { entity: "uploads", action: "create", refusal: "You do not have permission to upload images." }, async (actor) => ({
    image: await storeImage(actor, await readUploadBody(request)),
  }));
}
