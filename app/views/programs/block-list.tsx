import { useState, type HTMLAttributes } from "react";
import { Form, Link } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import type { WeightUnit } from "~/lib/units";
import type { BlockView, DayView } from "~/modules/programs/program-read.server";
import { groupKindLabels, groupKinds } from "~/modules/programs/programs.schema";
import { blockSummary, groupNames } from "./block-summary";
import type { MoveFetcher } from "./program-builder";

/**
 * A day's blocks in order: drag and drop, or the move buttons (keyboard and screen readers);
 * superset and circuit groups shown together. A `locked` (trained) day's list is read-only.
 */
export function BlockList({ weekHref, day, unit, mover, locked }: { weekHref: string; day: DayView; unit: WeightUnit; mover: MoveFetcher; locked: boolean }) {
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const names = groupNames(day.blocks);
  const groupFormId = `group-${day.id}`;
  const pending = mover.state !== "idle";
  if (day.blocks.length === 0) return <p className="mt-2 text-sm text-zinc-600">No exercises yet.</p>;

  const drop = (index: number) => {
    if (dragged && day.blocks[index]?.id !== dragged) void mover.submit({ intent: "move-block", blockId: dragged, position: String(index + 1) }, { method: "post" });
    setDragged(null);
    setOver(null);
  };

  return (
    <>
      <ol className="mt-3 space-y-2" aria-label={`Exercises of ${day.title}`}>
        {day.blocks.map((block, index) => (
          <BlockItem
            key={block.id}
            weekHref={weekHref}
            block={block}
            index={index}
            count={day.blocks.length}
            group={block.groupKey ? (names.get(block.groupKey) ?? null) : null}
            groupFormId={groupFormId}
            unit={unit}
            mover={mover}
            locked={locked}
            pending={pending}
            dropTarget={over === index && dragged !== null}
            drag={{
              onDragStart: (event) => {
                event.dataTransfer.effectAllowed = "move";
                event.dataTransfer.setData("text/plain", block.id);
                setDragged(block.id);
              },
              onDragOver: (event) => {
                if (!dragged) return;
                event.preventDefault();
                setOver(index);
              },
              onDrop: (event) => {
                event.preventDefault();
                drop(index);
              },
              onDragEnd: () => {
                setDragged(null);
                setOver(null);
              },
            }}
          />
        ))}
      </ol>
      {locked ? null : <GroupControls dayId={day.id} formId={groupFormId} groups={[...names]} dayTitle={day.title} />}
    </>
  );
}

type DragHandlers = Pick<HTMLAttributes<HTMLLIElement>, "onDragStart" | "onDragOver" | "onDrop" | "onDragEnd">;

function BlockItem({
  weekHref,
  block,
  index,
  count,
  group,
  groupFormId,
  unit,
  mover,
  locked,
  pending,
  dropTarget,
  drag,
}: {
  /** The builder at this block's week (`/programs/<id>?week=N`). */
  weekHref: string;
  block: BlockView;
  index: number;
  count: number;
  group: string | null;
  groupFormId: string;
  unit: WeightUnit;
  mover: MoveFetcher;
  locked: boolean;
  pending: boolean;
  dropTarget: boolean;
  drag: DragHandlers;
}) {
  const moveButton = (direction: "up" | "down") => {
    const position = direction === "up" ? index : index + 2;
    const disabled = direction === "up" ? index === 0 : index === count - 1;
    return (
      <mover.Form method="post">
        <input type="hidden" name="blockId" value={block.id} />
        <input type="hidden" name="position" value={position} />
        <Button
          type="submit"
          name="intent"
          value="move-block"
          variant="ghost"
          className="min-w-11 px-3"
          disabled={disabled}
          aria-disabled={pending || undefined}
          data-move-block={block.id}
          aria-label={`Move ${block.exerciseName} ${direction}`}
        >
          {direction === "up" ? "↑" : "↓"}
        </Button>
      </mover.Form>
    );
  };
  return (
    <li
      draggable={!locked}
      {...(locked ? {} : drag)}
      className={`flex flex-col gap-2 rounded-md border bg-white p-3 sm:flex-row sm:items-center ${group ? "border-l-4 border-zinc-300 border-l-brand" : "border-zinc-300"} ${dropTarget ? "ring-2 ring-brand" : ""}`}
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        {locked ? null : <input type="checkbox" name="blockIds" value={block.id} form={groupFormId} className="mt-1 size-5 shrink-0" aria-label={`Select ${block.exerciseName} for a group`} />}
        <div className="min-w-0">
          {group ? <p className="text-xs font-bold uppercase tracking-wide text-brand-strong">{group}</p> : null}
          <p className="font-semibold">
            {index + 1}. {block.exerciseName}
          </p>
          <p className="text-sm text-zinc-700">{blockSummary(block, unit)}</p>
          {block.notes ? <p className="text-sm text-zinc-600">{block.notes}</p> : null}
        </div>
      </div>
      {locked ? null : (
        <div className="flex flex-wrap items-center gap-1">
          {moveButton("up")}
          {moveButton("down")}
          <Link to={`${weekHref}&block=${block.id}`} className={buttonClass("ghost", "px-3")} aria-label={`Edit ${block.exerciseName}`}>
            Edit
          </Link>
          <Form method="post">
            <input type="hidden" name="blockId" value={block.id} />
            <Button type="submit" name="intent" value="remove-block" variant="ghost" className="px-3" aria-label={`Remove ${block.exerciseName}`}>
              Remove
            </Button>
          </Form>
        </div>
      )}
    </li>
  );
}

function GroupControls({ dayId, formId, groups, dayTitle }: { dayId: string; formId: string; groups: Array<[string, string]>; dayTitle: string }) {
  return (
    <div className="mt-3 flex flex-wrap items-end gap-2">
      <Form method="post" id={formId} className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="dayId" value={dayId} />
        <label className="text-sm font-medium text-zinc-800">
          Group the selected exercises of {dayTitle} as
          <select name="groupKind" className="mt-1.5 block rounded-md border border-zinc-400 bg-white px-3 py-2.5 text-base">
            {groupKinds.map((kind) => (
              <option key={kind} value={kind}>
                {groupKindLabels[kind]}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" name="intent" value="group-blocks" variant="secondary">
          Group selected
        </Button>
      </Form>
      {groups.map(([groupKey, name]) => (
        <Form method="post" key={groupKey}>
          <input type="hidden" name="groupKey" value={groupKey} />
          <Button type="submit" name="intent" value="ungroup-blocks" variant="ghost" aria-label={`Ungroup ${name} of ${dayTitle}`}>
            Ungroup {name}
          </Button>
        </Form>
      ))}
    </div>
  );
}
