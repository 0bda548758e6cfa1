import { describe, expect, it } from "vitest";
import { NOTIFIER_AUTO_HIDE_MS } from "../components/Notifier";
import { SIDEBAR_WIDTH, TOP_BAR_HEIGHT, theme } from "./theme";

describe("layout constants (spec §2, §9)", () => {
  it("has a 64 px top bar (the toolbar's minimum height at every width) and a 280 px sidebar", () => {
    expect(TOP_BAR_HEIGHT).toBe(64);
    expect(SIDEBAR_WIDTH).toBe(280);
    const toolbar = theme.components?.MuiToolbar?.styleOverrides?.root as Record<string, unknown>;
    expect(toolbar.minHeight).toBe(64);
    expect(toolbar["@media (min-width: 0px)"]).toEqual({ minHeight: 64 });
  });

  it("uses dark red (#8b0000) as the primary colour (spec §1)", () => {
    expect(theme.palette.primary.main).toBe("#8b0000");
  });

  it("keeps every snackbar open for 6000 ms (spec §8, §9)", () => {
    expect(NOTIFIER_AUTO_HIDE_MS).toBe(6000);
  });
});
