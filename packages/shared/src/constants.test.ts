import { describe, expect, it } from "vitest";
import {
  ENTITY_ID_MAX_LENGTH,
  ENTITY_ID_MIN_LENGTH,
  LANGUAGES,
  NAME_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PENDING_PAGE_SIZES,
  TABLE_DEFAULT_PAGE_SIZE,
  TABLE_PAGE_SIZES,
  TOAST_DURATION_MS,
  UI_VERSION,
  USER_TYPES,
} from "./constants";

describe("business constants of spec §9", () => {
  it("table page sizes are 5, 10, 25 with default 10 (LIMITS-01)", () => {
    expect([...TABLE_PAGE_SIZES]).toEqual([5, 10, 25]);
    expect(TABLE_DEFAULT_PAGE_SIZE).toBe(10);
  });

  it("pending-requests page sizes are 3, 6, 9 with default (first) 3 (USERS-05)", () => {
    expect([...PENDING_PAGE_SIZES]).toEqual([3, 6, 9]);
    expect(PENDING_PAGE_SIZES[0]).toBe(3);
  });

  it("toasts and snackbars stay 6000 ms (LIMITS-02)", () => {
    expect(TOAST_DURATION_MS).toBe(6000);
  });

  it("languages are jp and en; user types client, staff, admin (I18N-02, AUTH-09)", () => {
    expect([...LANGUAGES]).toEqual(["jp", "en"]);
    expect([...USER_TYPES]).toEqual(["client", "staff", "admin"]);
  });

  it("name max 150, password min 6, entity ID 3 to 20, interface version 1.14.0", () => {
    expect(NAME_MAX_LENGTH).toBe(150);
    expect(PASSWORD_MIN_LENGTH).toBe(6);
    expect([ENTITY_ID_MIN_LENGTH, ENTITY_ID_MAX_LENGTH]).toEqual([3, 20]);
    expect(UI_VERSION).toBe("1.14.0");
  });
});
