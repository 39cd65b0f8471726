import { createContext } from "react-router";
import type { SessionUser } from "./user";

/**
 * The signed-in person a layout's middleware checked once (decision: route shape), for
 * the child loaders and actions under it: `context.get(userContext)`.
 */
export const userContext = createContext<SessionUser>();
