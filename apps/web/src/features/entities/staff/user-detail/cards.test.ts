import { describe, expect, it } from "vitest";
import { canStaffAddImages, isContactItem, STAFF_IMAGE_KEYS } from "./cards";

describe("staff data cards (DATA-11, DATA-13)", () => {
  it("offers the add-image dialog on the covid19 image cards only", () => {
    expect(STAFF_IMAGE_KEYS).toEqual(["covid19_pcr_test", "covid19_vaccine"]);
    expect(canStaffAddImages({ key: "covid19_pcr_test", data_type: "image" })).toBe(true);
    expect(canStaffAddImages({ key: "covid19_vaccine", data_type: "image" })).toBe(true);
    expect(canStaffAddImages({ key: "passport_scan", data_type: "image" })).toBe(false);
    expect(canStaffAddImages({ key: "form_data_10", data_type: "form_data" })).toBe(false);
  });

  it("shows user_info as contact details", () => {
    expect(isContactItem({ key: "user_info" })).toBe(true);
    expect(isContactItem({ key: "mobile_0509" })).toBe(false);
  });
});
