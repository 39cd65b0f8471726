/**
 * Every route of app/routes.ts as one flat list with full paths: a layout's children
 * ("articles" under "cms") become "cms/articles"; an index route has its layout's path.
 * The tables that must cover every route (permission matrix, loader fuzzing) read this.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import config from "../../app/routes";

export interface FlatRoute {
  /** The full path without a leading slash ("" for the site's index). */
  path: string;
  /** The route module, relative to app/. */
  file: string;
  id?: string;
  index?: boolean;
}

function flatten(entries: readonly RouteConfigEntry[], parent: string): FlatRoute[] {
  return entries.flatMap((entry) => {
    const own = entry.path ? (parent ? `${parent}/${entry.path}` : entry.path) : parent;
    return [{ path: own, file: entry.file, id: entry.id, index: entry.index }, ...flatten(entry.children ?? [], own)];
  });
}

export const routeTable: readonly FlatRoute[] = flatten(config, "");
