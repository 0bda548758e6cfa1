import type { HealthResponse } from "@mimamori/shared";
import { useEffect, useState } from "react";
import { identityEndpoints } from "./identity";

const FRESH_MS = 5 * 60_000;
let cached: { at: number; answer: Promise<HealthResponse | null> } | null = null;

function health(): Promise<HealthResponse | null> {
  if (!cached || Date.now() - cached.at > FRESH_MS) {
    cached = { at: Date.now(), answer: identityEndpoints.health().catch(() => null) };
  }
  return cached.answer;
}

/**
 * `GET /api/health`, asked at most once in 5 minutes; undefined until it answers (or when it fails). Not a
 * react-query query: the sign-in page shows it and carries no query code.
 */
export function useHealth(): HealthResponse | undefined {
  const [answer, setAnswer] = useState<HealthResponse | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void health().then((a) => {
      if (live && a) setAnswer(a);
    });
    return () => {
      live = false;
    };
  }, []);
  return answer;
}
