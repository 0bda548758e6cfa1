import { lazy, Suspense } from "react";
import { useHealth } from "../api/health";

// Only demo installations draw the chip: its tooltip and chip code stay out of the first page's JavaScript.
const DemoChipBadge = lazy(() => import("./DemoChipBadge"));

/**
 * "Demo data" marker, shown while the server has demo accounts (`GET /api/health` → `demo`), whose password is
 * published: nobody should mistake such an installation for a real one. `onDark`: on the top bar.
 */
export function DemoChip({ onDark = false }: { onDark?: boolean }) {
  if (!useHealth()?.demo) return null;
  return (
    <Suspense fallback={null}>
      <DemoChipBadge onDark={onDark} />
    </Suspense>
  );
}
