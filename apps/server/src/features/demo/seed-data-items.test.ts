import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { startTestApp, type TestApp } from "../../test/app";
import { seedDemo } from "./seed";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: true, demoDataItems: true });
});
afterAll(() => t.close());

describe("the demo personal data items", () => {
  it("give the demo client a vaccination image and a mobile number shared with sakura, for its staff screen", async () => {
    const staff = (await t.signIn("staff@example.com")).idToken;
    const [client] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, "client@example.com"));
    const list = await t.call("GET", `/staff/sakura/user/${client?.id}/data`, undefined, { token: staff });
    expect(list.status).toBe(200);
    const [vaccine, mobile] = list.body.data;
    expect(list.body.data.map((i: { key: string }) => i.key)).toEqual(["covid19_vaccine", "mobile_0509"]);

    const images = await t.call(
      "GET",
      `/staff/sakura/data/${vaccine.id}/user/${client?.id}/images`,
      undefined,
      {
        token: staff,
      },
    );
    expect(images.body.images).toEqual([
      expect.objectContaining({
        content_type: "image/jpeg",
        file_name: "vaccination-record.jpg",
        added_by: "member",
      }),
    ]);
    const file = await t.call(
      "GET",
      `/staff/sakura/data/${vaccine.id}/user/${client?.id}/images/${images.body.images[0].id}`,
      undefined,
      { token: staff },
    );
    const meta = await sharp(Buffer.from(file.body.base64_image, "base64")).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 900, 600]);

    const answers = await t.call("GET", `/staff/sakura/data/${mobile.id}/user/${client?.id}`, undefined, {
      token: staff,
    });
    expect(answers.body.answers.map((a: { value: string }) => a.value)).toEqual(["090-1234-5678"]);
    // harbor's staff screen stays empty: nothing is shared with harbor
    const harbor = await t.call("GET", `/staff/harbor/user/${client?.id}/data`, undefined, { token: staff });
    expect(harbor.body).toEqual({ data: [] });
  });

  it("is written anew by a second seed, not doubled", async () => {
    await seedDemo(t.db, { vitalDays: 0, forms: false, alerts: false, dataItems: true, members: false });
    const me = (await t.signIn("client@example.com")).idToken;
    const list = await t.call("GET", "/user/data", undefined, { token: me });
    const vaccine = list.body.data.find((i: { key: string }) => i.key === "covid19_vaccine");
    const detail = await t.call("GET", `/user/data/${vaccine.id}/detail`, undefined, { token: me });
    expect(detail.body.images).toHaveLength(1);
    expect(detail.body.shared_entities.map((e: { workspace_name: string }) => e.workspace_name)).toEqual([
      "sakura",
    ]);
  });
});
