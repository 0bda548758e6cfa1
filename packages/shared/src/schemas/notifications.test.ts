import { describe, expect, it } from "vitest";
import {
  ACK_ACTION_NAMES,
  ACK_ACTIONS,
  ACK_ACTIONS_BY_KIND,
  ALERT_KINDS,
  ALERT_MEASURES,
  alertKindOf,
} from "./notifications";

describe("acknowledgement actions", () => {
  it("stores the union of the kinds' lists, each action named in both languages, `other` last in every list", () => {
    const union = new Set(ALERT_KINDS.flatMap((k) => ACK_ACTIONS_BY_KIND[k]));
    expect(new Set(ACK_ACTIONS)).toEqual(union);
    expect(ACK_ACTIONS).toHaveLength(union.size);
    for (const a of ACK_ACTIONS) {
      expect(ACK_ACTION_NAMES[a].jp).not.toBe("");
      expect(ACK_ACTION_NAMES[a].en).not.toBe("");
    }
    for (const k of ALERT_KINDS) expect(ACK_ACTIONS_BY_KIND[k].at(-1)).toBe("other");
  });

  it("gives every alert measure a kind: heat-stress heat, the two scores wellbeing, the body measures vital", () => {
    const kinds = Object.fromEntries(ALERT_MEASURES.map((m) => [m.name.en, alertKindOf(2, m.measure)]));
    expect(kinds).toEqual({
      "Heart rate": "vital",
      "Skin temperature": "vital",
      "Blood oxygen": "vital",
      "Respiratory rate": "vital",
      "Blood pressure": "vital",
      "Blood pressure (diastolic)": "vital",
      "Heat-stress score": "heat",
      "Heart-rate variability": "vital",
      "Strain score (JPSS)": "wellbeing",
      "Melancholy score (BDI)": "wellbeing",
    });
    expect(alertKindOf(1, null)).toBe("sync");
  });
});
