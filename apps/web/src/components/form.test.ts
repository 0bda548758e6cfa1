import type { FieldErrors } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { fieldHelper, fieldMessages, fieldProps } from "./form";

type Values = { workspace_name: string; name: string };
const words: Record<string, string> = {
  required: "This field is required.",
  "entity-id-length": "Use 3 to 20 characters.",
  "entity-id-characters": "Use letters and digits only.",
};
const msg = (code: string) => words[code] ?? code;

describe("field helper texts", () => {
  it("puts every broken rule of a field into words, once each, or else gives the hint", () => {
    const errors: FieldErrors<Values> = {
      workspace_name: {
        type: "too_small",
        message: "entity-id-length",
        types: {
          too_small: "entity-id-length",
          invalid_format: ["entity-id-characters", "entity-id-length"],
        },
      },
    };
    const helper = fieldHelper(errors, msg);
    expect(helper("workspace_name", "3–20 letters or digits")).toBe(
      "Use 3 to 20 characters. Use letters and digits only.",
    );
    expect(helper("name", "hint")).toBe("hint");
    expect(helper("name")).toBeUndefined();
  });

  it("says only that an empty field is required", () => {
    expect(
      fieldMessages({
        type: "too_small",
        message: "required",
        types: { a: "required", b: "entity-id-length" },
      }),
    ).toEqual(["required"]);
  });

  it("gives a registered field its registration, error flag and helper text", () => {
    const register = (name: keyof Values) => ({
      name,
      onChange: async () => undefined,
      onBlur: async () => undefined,
      ref: () => undefined,
    });
    const errors: FieldErrors<Values> = { name: { type: "too_small", message: "required" } };
    // biome-ignore lint/suspicious/noExplicitAny: a stand-in for react-hook-form's register
    const field = fieldProps(register as any, errors, msg);
    expect(field("name")).toMatchObject({ name: "name", error: true, helperText: "This field is required." });
    expect(field("workspace_name", "hint")).toMatchObject({
      name: "workspace_name",
      error: false,
      helperText: "hint",
    });
    expect(field("name")).toHaveProperty("inputRef");
    expect(field("name")).not.toHaveProperty("ref");
  });
});
