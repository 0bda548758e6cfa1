import { QueryClient } from "@tanstack/react-query";
import { onQueryCacheReset } from "./cacheReset";
import { ApiError } from "./client";

/** Client errors (4xx) are answers, not outages: only network failures and 5xx are retried. */
function shouldRetry(failureCount: number, error: unknown) {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
onQueryCacheReset(() => queryClient.clear());
