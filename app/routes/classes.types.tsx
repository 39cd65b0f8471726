import { z } from "zod";
import type { Route } from "./+types/classes.types";
import { can } from "~/auth/permissions";
import { userContext } from "~/auth/user-context";
import { ErrorScreen } from "~/components/error-screen";
import { runAction } from "~/lib/action.server";
import { pageTitle } from "~/lib/meta";
import { parseSearchParams, reference } from "~/lib/search-params";
import { redirectWithToast } from "~/lib/toast.server";
import { createClassType, listClassTypes, moveClassType, removeClassType, updateClassType } from "~/modules/classes/class-types.server";
import { ClassTypes } from "~/views/classes/class-types";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Class types · Classes", matches) }, { name: "robots", content: "noindex" }];

/** ?edit=<type id> opens a type's form; administrators only may save (decision 0105). */
const typesQuery = z.object({ edit: reference() });

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = context.get(userContext);
  const { edit } = parseSearchParams(request, typesQuery);
  const types = await listClassTypes(actor);
  return { types, editing: types.find((t) => t.id === edit && !t.archived) ?? null, canManage: can(actor.role, "groupClasses", "manageTypes") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = context.get(userContext);
  const back = "/classes/types";
  return runAction(
    request,
    {
      "save-type": async (form) => {
        const typeId = typeof form.typeId === "string" && form.typeId !== "" ? form.typeId : null;
        if (typeId === null) {
          const { name } = await createClassType(actor, form);
          return redirectWithToast(back, { type: "success", title: "Class type added", description: `${name} can now go on the timetable.` });
        }
        const { name, classesUpdated, keptAbove } = await updateClassType(actor, typeId, form);
        const kept = keptAbove > 0 ? ` ${keptAbove === 1 ? "1 upcoming class keeps" : `${keptAbove} upcoming classes keep`} more spots than the new capacity: members had booked them already, and nobody loses a place.` : "";
        return redirectWithToast(back, { type: "success", title: "Class type saved", description: `${name}: ${classesUpdated} upcoming classes updated.${kept}` });
      },
      "move-type": async (form) => {
        await moveClassType(actor, form);
        return redirectWithToast(back, { type: "success", title: "Order saved" });
      },
      "remove-type": async (form) => {
        const { name, archived } = await removeClassType(actor, typeof form.typeId === "string" ? form.typeId : "");
        return redirectWithToast(back, { type: "success", title: archived ? "Class type archived" : "Class type deleted", description: archived ? `${name} keeps its past classes and is no longer offered.` : `${name} was never used.` });
      },
    },
    { refusedTo: { to: back, titles: { "move-type": "Failed to move class type", "remove-type": "Failed to remove class type" } } },
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Class types" failure="Failed to load the class types. Please reload the page." />;
}

export default function ClassTypesPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ClassTypes {...loaderData} result={actionData} />;
}
