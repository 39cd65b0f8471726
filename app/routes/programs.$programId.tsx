import crypto from "node:crypto";
import { z } from "zod";
import type { Route } from "./+types/programs.$programId";
import { userContext } from "~/auth/user-context";
import { ErrorScreen } from "~/components/error-screen";
import { runAction } from "~/lib/action.server";
import { optionalNumber } from "~/lib/number-field";
import type { FormBody } from "~/lib/request-body.server";
import { pageTitle } from "~/lib/meta";
import { parseSearchParams, reference } from "~/lib/search-params";
import { redirectWithToast } from "~/lib/toast.server";
import { assignmentProgress, assignProgram, updateCopyFromSource } from "~/modules/programs/program-assignment.server";
import { getProgramWeek, listAssignableMembers, listExerciseOptions, type ProgramWeekView } from "~/modules/programs/program-read.server";
import {
  addBlock,
  addDay,
  addWeek,
  duplicateDay,
  duplicateWeek,
  groupBlocks,
  moveBlock,
  moveDay,
  removeBlock,
  removeDay,
  removeWeek,
  ungroupBlocks,
  updateBlock,
  updateDay,
} from "~/modules/programs/program-structure.server";
import { exerciseChoicesQuery, memberChoicesQuery } from "~/modules/programs/programs.schema";
import { MAX_WEEKS } from "~/modules/programs/program-sizes";
import { saveAsTemplate, updateProgramDetails } from "~/modules/programs/programs.server";
import { ProgramBuilder } from "~/views/programs/program-builder";

export const meta: Route.MetaFunction = ({ data, matches }) => [{ title: pageTitle(data ? `${data.program.name} · Programs` : "Programs", matches) }, { name: "robots", content: "noindex" }];

/**
 * ?week=N opens week N (one week at a time: the page stays small at any program length);
 * ?block=new&day=<id> opens the block form for a day, ?block=<id> for a block (and their week),
 * its exercise picker narrowed by ?q= (the search without JavaScript); ?members= narrows the
 * assign form's members the same way;
 * ?assigned=<id> follows an assignment's copies being made.
 */
const builderQuery = z.object({
  week: optionalNumber({ label: "Week", min: 1, max: MAX_WEEKS, integer: true }).catch(undefined),
  block: reference(),
  day: reference(),
  q: exerciseChoicesQuery.shape.q,
  /** The assign form's member search (without JavaScript). */
  members: memberChoicesQuery.shape.q,
  /** The assignment just started: shown until its copies are made, and after. */
  assigned: reference(),
});

/** The block form asked for, when its day is in the open week and not trained (a locked day offers no form: decision 0043). */
function blockFormOf(program: ProgramWeekView, query: { block?: string; day?: string; q: string }) {
  if (!query.block) return null;
  const day = program.week?.days.find((d) => (query.block === "new" ? d.id === query.day : d.blocks.some((b) => b.id === query.block)));
  if (!day || day.trained) return null;
  return { block: query.block, day: query.day ?? null, exerciseId: day.blocks.find((b) => b.id === query.block)?.exerciseId, search: query.q };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const actor = context.get(userContext);
  const query = parseSearchParams(request, builderQuery);
  const program = await getProgramWeek(actor, params.programId, { number: query.week, block: query.block, day: query.day });
  const editing = blockFormOf(program, query);
  const assignable = program.kind !== "copy";
  const [exercises, members, assignments] = await Promise.all([
    editing ? listExerciseOptions(actor, query.q, editing.exerciseId) : { choices: [], more: false },
    assignable ? listAssignableMembers(actor, query.members) : { choices: [], more: false },
    assignable ? assignmentProgress(actor, program.id) : [],
  ]);
  return {
    program,
    exercises,
    members,
    memberSearch: query.members,
    // The assignments still making copies, and a new token for the next (a second post of the same form is the same assignment).
    assigning: { underWay: assignments.filter((a) => a.underWay || a.mailsWaiting > 0 || a.id === query.assigned), token: crypto.randomUUID() },
    unit: actor.weightUnit,
    editing,
  };
}

export function action({ request, params, context }: Route.ActionArgs) {
  const actor = context.get(userContext);
  const id = params.programId;
  // The builder's forms post to the page's own address, so its ?week= says which week to come back to.
  const { week } = parseSearchParams(request, builderQuery);
  const at = (number: number | undefined) => `/programs/${id}${number ? `?week=${number}` : ""}`;
  const back = (title: string, description?: string, hash = "", weekNumber = week) => redirectWithToast(`${at(weekNumber)}${hash}`, { type: "success", title, description });
  const dayHash = (form: FormBody) => (typeof form.dayId === "string" ? `#day-${form.dayId}` : "");
  /** An edit that comes back to the builder (at its day, when it names one) with a toast. */
  const saved =
    (work: (form: FormBody) => Promise<unknown>, title: string, description?: string) =>
    async (form: FormBody) => {
      await work(form);
      return back(title, description, dayHash(form));
    };
  return runAction(request, {
    "update-details": saved((form) => updateProgramDetails(actor, id, form), "Program saved"),
    "add-week": async () => {
      const { position } = await addWeek(actor, id);
      return back("Week added", undefined, "", position + 1);
    },
    "duplicate-week": async (form) => {
      const { position } = await duplicateWeek(actor, id, form);
      return back("Week duplicated", `The copy is week ${position + 1}.`, "", position + 1);
    },
    "remove-week": saved((form) => removeWeek(actor, id, form), "Week removed"),
    "add-day": async (form) => {
      const { dayId } = await addDay(actor, id, form);
      return back("Day added", undefined, `#day-${dayId}`);
    },
    "update-day": saved((form) => updateDay(actor, id, form), "Day saved"),
    "move-day": saved((form) => moveDay(actor, id, form), "Day moved"),
    "duplicate-day": async (form) => {
      const { dayIndex } = await duplicateDay(actor, id, form);
      return back("Day duplicated", `The copy is day ${dayIndex + 1} of the same week.`);
    },
    "remove-day": async (form) => {
      await removeDay(actor, id, form);
      return back("Day removed", "It is a rest day now.");
    },
    "add-block": saved((form) => addBlock(actor, id, form), "Exercise added"),
    "update-block": saved((form) => updateBlock(actor, id, form), "Exercise saved"),
    "remove-block": saved((form) => removeBlock(actor, id, form), "Exercise removed"),
    // Answered in place: the builder keeps focus on the moved exercise and says where it went.
    "move-block": async (form) => ({ moved: { blockId: String(form.blockId), ...(await moveBlock(actor, id, form)) } }),
    "group-blocks": saved((form) => groupBlocks(actor, id, form), "Exercises grouped"),
    "ungroup-blocks": saved((form) => ungroupBlocks(actor, id, form), "Group removed"),
    "save-template": async () => {
      const template = await saveAsTemplate(actor, id);
      return redirectWithToast(`/programs/${template.id}`, { type: "success", title: "Template saved", description: "Find it under Templates." });
    },
    assign: async (form) => {
      const assignment = await assignProgram(actor, id, form);
      const who = assignment.members === 1 ? "The member's copy is" : `Copies for ${assignment.members} members are`;
      const to = `${at(week)}${week ? "&" : "?"}assigned=${assignment.id}`;
      return redirectWithToast(to, { type: "success", title: "Program assigned", description: `${who} being made; each member is e-mailed when theirs is ready.` });
    },
    "update-from-template": async () => {
      const { replaced, kept } = await updateCopyFromSource(actor, id);
      const weeks = replaced === 1 ? "1 week" : `${replaced} weeks`;
      const trained = kept === 1 ? "1 trained week kept as it was" : `${kept} trained weeks kept as they were`;
      return back("Updated from the template", `${weeks} replaced; ${trained}.`);
    },
  });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Program" failure="Failed to load the program. Please reload the page." />;
}

export default function ProgramBuilderPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ProgramBuilder data={loaderData} result={actionData} />;
}
