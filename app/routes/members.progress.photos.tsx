import type { Route } from "./+types/members.progress.photos";
import { actingUser, memberOf } from "~/auth/user-context";
import { ErrorScreen } from "~/components/error-screen";
import { runAction } from "~/lib/action.server";
import { pageTitle } from "~/lib/meta";
import { parseSearchParams } from "~/lib/search-params";
import { redirectWithToast } from "~/lib/toast.server";
import { PHOTO_FORM_MAX_BYTES, PHOTO_TOO_LARGE } from "~/modules/progress-photos/private-images.server";
import { photoTimelineQuery } from "~/modules/progress-photos/progress-photos.schema";
import { deleteProgressPhoto, listProgressPhotos, uploadProgressPhoto } from "~/modules/progress-photos/progress-photos.server";
import { todayForSite } from "~/modules/settings/settings.server";
import { PROGRESS_PHOTOS_PATH as MEMBER_PHOTOS_PATH } from "~/views/progress/progress-links";
import { ProgressPhotosScreen } from "~/views/progress-photos/progress-photos-screen";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Progress Photos", matches) }, { name: "robots", content: "noindex" }];

/** The member's own photos: the upload form, the comparison of two dates and the timeline (?page=, ?before=, ?after=). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = memberOf(context);
  const [timeline, today] = await Promise.all([listProgressPhotos(member, member.id, parseSearchParams(request, photoTimelineQuery)), todayForSite()]);
  return { timeline, today };
}

/** Upload a photo (multipart: the file itself, its pose and date); delete one of one's own. */
export async function action({ request, context }: Route.ActionArgs) {
  const member = actingUser(context, request);
  return runAction(
    request,
    {
      upload: async (form) => {
        await uploadProgressPhoto(member, form);
        return redirectWithToast(MEMBER_PHOTOS_PATH, { type: "success", title: "Photo uploaded" });
      },
      delete: async (form) => {
        await deleteProgressPhoto(member, form.id);
        return redirectWithToast(MEMBER_PHOTOS_PATH, { type: "success", title: "Photo deleted" });
      },
    },
    { maxBytes: PHOTO_FORM_MAX_BYTES, tooLarge: PHOTO_TOO_LARGE },
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Progress Photos" failure="Failed to load your progress photos. Please reload the page." />;
}

export default function MemberProgressPhotos({ loaderData, actionData }: Route.ComponentProps) {
  return <ProgressPhotosScreen timeline={loaderData.timeline} today={loaderData.today} result={actionData} />;
}
