import type { Language, Module } from "@mimamori/shared";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { ForgetMember } from "../../../db/membership-rules";
import { entityModules, memberModules, moduleOptions, modules } from "../../../db/schema";
import { AppError } from "../../../lib/errors";

type Subscription = { moduleId: number; modeOptionId: number | null };

/** The entity's subscription to a module (the module offered to its members). */
export const entityModuleOf = (ws: string, moduleId: number) =>
  and(eq(entityModules.workspaceName, ws), eq(entityModules.moduleId, moduleId));

async function catalogue(db: Db, lang: Language) {
  const [mods, opts] = await Promise.all([
    db.select().from(modules).orderBy(asc(modules.sortOrder)),
    db.select().from(moduleOptions).orderBy(asc(moduleOptions.sortOrder)),
  ]);
  return mods.map((m) => ({
    id: m.id,
    name: lang === "jp" ? m.nameJp : m.nameEn,
    description: lang === "jp" ? m.descriptionJp : m.descriptionEn,
    options: opts
      .filter((o) => o.moduleId === m.id)
      .map((o) => ({ id: o.id, text: lang === "jp" ? o.textJp : o.textEn })),
  }));
}

function withStatus(list: Awaited<ReturnType<typeof catalogue>>, subs: Subscription[]): Module[] {
  return list.map((m) => {
    const sub = subs.find((s) => s.moduleId === m.id);
    return {
      id: m.id,
      name: m.name,
      description: m.description,
      status: sub ? "subscribed" : "",
      subscription_mode: sub?.modeOptionId ?? null,
      module_subscription_mode: { options: m.options },
    };
  });
}

async function entitySubscriptions(db: Db, ws: string): Promise<Subscription[]> {
  return db
    .select({ moduleId: entityModules.moduleId, modeOptionId: entityModules.modeOptionId })
    .from(entityModules)
    .where(eq(entityModules.workspaceName, ws));
}

/** Admin view: the whole catalogue, marked subscribed where the entity subscribes. */
export async function entityModuleList(db: Db, ws: string, lang: Language): Promise<Module[]> {
  return withStatus(await catalogue(db, lang), await entitySubscriptions(db, ws));
}

/** Modules the entity offers (subscribes to), each marked with the entity's own subscription. */
export async function offeredModuleList(db: Db, ws: string, lang: Language): Promise<Module[]> {
  const subs = await entitySubscriptions(db, ws);
  return withStatus(await catalogue(db, lang), subs).filter((m) => m.status === "subscribed");
}

/** Client view: the modules the entity offers, marked with the member's own subscription. */
export async function memberModuleList(
  db: Db,
  ws: string,
  userId: string,
  lang: Language,
): Promise<Module[]> {
  const offered = new Set((await entitySubscriptions(db, ws)).map((s) => s.moduleId));
  const own = await db
    .select({ moduleId: memberModules.moduleId, modeOptionId: memberModules.modeOptionId })
    .from(memberModules)
    .where(and(eq(memberModules.workspaceName, ws), eq(memberModules.userId, userId)));
  return withStatus(
    (await catalogue(db, lang)).filter((m) => offered.has(m.id)),
    own,
  );
}

export async function requireModule(db: Db, moduleId: number) {
  const [m] = await db.select().from(modules).where(eq(modules.id, moduleId));
  if (!m) throw new AppError("module-not-found");
  return m;
}

export async function requireModeOption(db: Db, moduleId: number, optionId: number) {
  const [o] = await db
    .select()
    .from(moduleOptions)
    .where(and(eq(moduleOptions.id, optionId), eq(moduleOptions.moduleId, moduleId)));
  if (!o) throw new AppError("invalid-mode-option", "mode_option");
  return o;
}

/** A member's module choices in an entity go with their membership. */
export const forgetMemberModules: ForgetMember = async (tx, ws, userId) => {
  await tx
    .delete(memberModules)
    .where(and(eq(memberModules.workspaceName, ws), eq(memberModules.userId, userId)));
};
