import {
  INGEST_MAX_BYTES,
  INGEST_MAX_SAMPLES,
  INGEST_MAX_SLEEP,
  ingestBodySchema,
  ingestResultSchema,
} from "@mimamori/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../../lib/access";
import type { AppContext } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { BAND_UPLOAD_EXAMPLE, call } from "../../lib/openapi/operations";
import { type IngestHook, storeBatch } from "./store";
import { checkSamples, checkSleep } from "./validate";

/**
 * Band uploads from the phone app (spec does not show it; our contract, see docs/decisions.md). `onStored` runs
 * in each batch's transaction (app.ts passes the alert evaluation).
 */
export function vitalRoutes(ctx: AppContext, opts: { onStored?: IngestHook } = {}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/user/vitals",
      {
        // storeBatch marks the member's entities changed
        config: {
          ...call("user", "uploadVitals", "Upload a batch of band samples and sleep records", {
            description:
              "Each sample is `{code, time, value}` (`code`: the measure's 8-digit code, e.g. 00005091 heart rate; " +
              "`time`: ISO 8601 with its offset, or epoch seconds), each sleep record `{start, end, stage}`. Samples " +
              "are checked one by one: the answer counts the accepted and the duplicates (a retried batch stores " +
              "nothing twice) and lists each rejected one by its index with the reason.",
            example: BAND_UPLOAD_EXAMPLE,
          }),
          changes: "by-entity",
        },
        bodyLimit: INGEST_MAX_BYTES,
        schema: { body: ingestBodySchema, response: { 200: ingestResultSchema } },
      },
      async (req) => {
        const me = requireUser(req);
        const { samples: rawSamples, sleep: rawSleep } = req.body;
        if (rawSamples.length > INGEST_MAX_SAMPLES || rawSleep.length > INGEST_MAX_SLEEP)
          throw new AppError("batch-too-large");
        const now = Date.now();
        const checked = checkSamples(rawSamples, now);
        const sleep = checkSleep(rawSleep, now);
        const stored = await storeBatch(ctx.db, me.id, checked.samples, sleep.segments, opts.onStored);
        return {
          accepted: stored.accepted,
          duplicates: stored.duplicates,
          rejected: [...checked.rejected, ...sleep.rejected, ...stored.rejected],
          last_sync: Math.floor(stored.lastSync),
        };
      },
    );
  };
}
