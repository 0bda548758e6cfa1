import type { Notification, NotificationList } from "@mimamori/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { alertEndpoints, withAlert } from "./alerts";
import { configureApi } from "./client";
import { markAnonymous } from "./session";

type Call = { url: string; method: string; body: unknown };
let calls: Call[];

beforeEach(() => {
  calls = [];
  configureApi({ language: () => "jp", onSessionExpired: () => {} });
  markAnonymous();
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    calls.push({
      url,
      method: init.method ?? "GET",
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    });
    return new Response(JSON.stringify({ count: 2 }), { status: 200 });
  });
});
afterEach(() => vi.unstubAllGlobals());

const period = { start_time: 1750777200, end_time: 1751382000 };

describe("notification calls", () => {
  it("ask for a window in epoch seconds under the workspace", async () => {
    await alertEndpoints.list("ka ede", period);
    await alertEndpoints.heatRecord("kaede", period);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      "GET /api/staff/ka%20ede/notifications?start_time=1750777200&end_time=1751382000",
      "GET /api/staff/kaede/heat_illness_record?start_time=1750777200&end_time=1751382000&format=json",
    ]);
    expect(alertEndpoints.heatRecordCsvPath("kaede", period)).toBe(
      "/staff/kaede/heat_illness_record?start_time=1750777200&end_time=1751382000&format=csv",
    );
  });

  it("mark seen, acknowledge and delete with the contract's bodies", async () => {
    await expect(alertEndpoints.seen("kaede", { ids: [3, 7] })).resolves.toEqual({ count: 2 });
    await alertEndpoints.acknowledge("kaede", 3, { action: "cooled", note: "shade, water" });
    await alertEndpoints.remove("kaede", 7);
    expect(calls).toEqual([
      { method: "POST", url: "/api/staff/kaede/notifications/seen", body: { ids: [3, 7] } },
      {
        method: "POST",
        url: "/api/staff/kaede/notifications/3/acknowledge",
        body: { action: "cooled", note: "shade, water" },
      },
      { method: "DELETE", url: "/api/staff/kaede/notifications/7", body: undefined },
    ]);
  });
});

const alert = (id: number, over: Partial<Notification> = {}): Notification => ({
  id,
  notification_type: 2,
  email_sent_at: null,
  email_status: "none",
  is_seen: false,
  time: "2025-07-01T04:05:00Z",
  created_at: "2025-07-01T04:06:00Z",
  user: { uid: "u", name: "A", email: "a@example.com" },
  report: null,
  value: null,
  scope: null,
  cleared_at: null,
  acknowledged: null,
  escalated_at: null,
  ...over,
});

describe("withAlert (the cached list after an acknowledgement or a deletion)", () => {
  const list: NotificationList = {
    sync_list: [alert(1, { notification_type: 1 }), alert(2, { notification_type: 1 })],
    measurement_list: [alert(3), alert(4)],
    truncated: true,
    limit: 500,
  };

  it("replaces the acknowledged alert and keeps the other rows as they were", () => {
    const acked = alert(3, {
      is_seen: true,
      acknowledged: {
        at: "2025-07-01T04:10:00Z",
        by: { uid: "s", name: "Sato" },
        action: "rested",
        note: "",
      },
    });
    const next = withAlert(list, 3, acked);
    expect(next.measurement_list).toEqual([acked, list.measurement_list[1]]);
    expect(next.sync_list).toEqual(list.sync_list);
    expect(next.truncated).toBe(true);
  });

  it("takes a deleted alert out of its list", () => {
    const next = withAlert(list, 2, null);
    expect(next.sync_list.map((n) => n.id)).toEqual([1]);
    expect(next.measurement_list.map((n) => n.id)).toEqual([3, 4]);
  });
});
