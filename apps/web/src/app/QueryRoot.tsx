import { QueryClientProvider } from "@tanstack/react-query";
import { Outlet } from "react-router";
import { queryClient } from "../api/queryClient";

/**
 * The query cache around every page but the sign-in pages: react-query's code is then not part of the first
 * page most people load (issue 13). Cleared at sign-in and sign-out (api/cacheReset.ts).
 */
export function QueryRoot() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
