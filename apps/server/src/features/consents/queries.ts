import type { ConsentEvent, Language } from "@mimamori/shared";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { consentEvents, consents, dataItemTypes } from "../../db/schema";

/*
 * The person's consent history (issue 29 §2; docs/decisions.md "Consent history"): each terms/privacy version they
 * accepted (table `consents`) and each membership, share and staff invitation event (table `consent_events`),
 * newest first. Used by `GET /api/user/consents` and by the personal export.
 */

/** Every consent of `userId`, newest first; share events name their item type in `language` (null once it is gone). */
export async function consentHistory(db: Db, userId: string, language: Language): Promise<ConsentEvent[]> {
  const [terms, events] = await Promise.all([
    db
      .select({ terms: consents.termsVersion, privacy: consents.privacyVersion, at: consents.agreedAt })
      .from(consents)
      .where(eq(consents.userId, userId)),
    db
      .select({
        kind: consentEvents.kind,
        workspaceName: consentEvents.workspaceName,
        entityName: consentEvents.entityName,
        detail: consentEvents.detail,
        at: consentEvents.at,
        nameJp: dataItemTypes.nameJp,
        nameEn: dataItemTypes.nameEn,
      })
      .from(consentEvents)
      .leftJoin(dataItemTypes, eq(dataItemTypes.key, consentEvents.detail))
      .where(eq(consentEvents.userId, userId))
      .orderBy(desc(consentEvents.at)),
  ]);
  const lines: { at: Date; event: ConsentEvent }[] = [
    ...terms.map((t) => ({
      at: t.at,
      event: {
        kind: "terms-accepted" as const,
        at: t.at.toISOString(),
        terms_version: t.terms,
        privacy_version: t.privacy,
        workspace_name: null,
        entity_name: null,
        item_key: null,
        item_name: null,
      },
    })),
    ...events.map((e) => ({
      at: e.at,
      event: {
        kind: e.kind,
        at: e.at.toISOString(),
        terms_version: null,
        privacy_version: null,
        workspace_name: e.workspaceName,
        entity_name: e.entityName,
        item_key: e.detail,
        item_name: e.detail === null ? null : ((language === "en" ? e.nameEn : e.nameJp) ?? null),
      },
    })),
  ];
  // newest first; at the same instant the terms come last (they are accepted before anything else)
  return lines
    .sort(
      (a, b) =>
        b.at.getTime() - a.at.getTime() ||
        (a.event.kind === "terms-accepted" ? 1 : 0) - (b.event.kind === "terms-accepted" ? 1 : 0),
    )
    .map((l) => l.event);
}
