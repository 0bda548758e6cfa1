import { useSearchParams } from "react-router";
import { useStaffEntities } from "../../api/hooks";
import { withWorkspace } from "../guards/guardDecision";
import { readSpecCookies } from "./cookies";

/**
 * The staff workspace of the current page: the `workspace` query parameter (which wins over the cookie), and
 * its display name (the `workspace_name` cookie when it belongs to it, else the staff entity list).
 */
export function useWorkspace(enabled: boolean): { workspace: string | null; name: string | null } {
  const [params] = useSearchParams();
  const cookies = readSpecCookies();
  const workspace = enabled ? (params.get("workspace") ?? cookies.workspace ?? null) : null;
  const cookieName = workspace && cookies.workspace === workspace ? (cookies.workspace_name ?? null) : null;
  const entities = useStaffEntities(enabled && !!workspace && !cookieName);
  if (!workspace) return { workspace: null, name: null };
  const listed = entities.data?.find((e) => e.workspace_name === workspace)?.name ?? null;
  return { workspace, name: cookieName ?? listed ?? (entities.isPending ? null : workspace) };
}

/** A staff path that keeps the workspace in the URL. */
export function staffPath(path: string, workspace: string | null): string {
  return workspace ? withWorkspace(path, workspace) : path;
}

/**
 * The IANA time zone of the current staff workspace (`entities.time_zone`), null until known: every time an
 * entity's staff see — lists, records, CSVs, pickers — is on the entity's clock and says so (docs/decisions.md
 * "Times"). Read from the cached list of the caller's staff entities.
 */
export function useEntityTimeZone(): string | null {
  const { workspace } = useWorkspace(true);
  const entities = useStaffEntities(!!workspace);
  return entities.data?.find((e) => e.workspace_name === workspace)?.time_zone ?? null;
}

/**
 * Days the current staff workspace keeps its members' raw band samples at least (its setting, else the server's
 * default; issue 32 §2), undefined until known. Its own setting, never a member's other entities' (which staff
 * must not learn of).
 */
export function useEntityRawRetentionDays(): number | undefined {
  const { workspace } = useWorkspace(true);
  const entities = useStaffEntities(!!workspace);
  return entities.data?.find((e) => e.workspace_name === workspace)?.raw_retention_days;
}
