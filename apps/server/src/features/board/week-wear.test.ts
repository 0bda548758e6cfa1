import { describe, expect, it } from "vitest";
import { WEEK_KEPT_MS, weekWearKeeper } from "./week-wear";

describe("the kept wear of the week's earlier days", () => {
  it("keeps a reading for one minute, then reads again", async () => {
    expect(WEEK_KEPT_MS).toBe(60_000);
    let t = 0;
    let reads = 0;
    const keeper = weekWearKeeper(WEEK_KEPT_MS, () => t);
    const read = async () => ++reads;
    expect(await keeper.get("a", read)).toBe(1);
    t = 59_999;
    expect(await keeper.get("a", read)).toBe(1);
    t = 60_000;
    expect(await keeper.get("a", read)).toBe(2);
    expect(await keeper.get("b", read)).toBe(3);
  });

  it("shares a reading under way and does not keep a failed one", async () => {
    const keeper = weekWearKeeper(WEEK_KEPT_MS, () => 0);
    let reads = 0;
    let fail = true;
    const read = async () => {
      reads++;
      if (fail) throw new Error("database down");
      return reads;
    };
    const [x, y] = await Promise.allSettled([keeper.get("a", read), keeper.get("a", read)]);
    expect([x.status, y.status, reads]).toEqual(["rejected", "rejected", 1]);
    fail = false;
    expect(await keeper.get("a", read)).toBe(2);
  });
});
