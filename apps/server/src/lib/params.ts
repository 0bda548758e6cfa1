import { z } from "zod";

/** The `:workspace` path parameter of the staff routes. */
export const workspaceParams = z.object({ workspace: z.string().min(1).max(20) });
