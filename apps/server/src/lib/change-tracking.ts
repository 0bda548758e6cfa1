import type { FastifyInstance } from "fastify";
import { changesOf } from "../db/changes";
import type { Db } from "../db/client";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * "by-entity": the handler records its own changes per entity (db/changes.ts), so its requests do not mark
     * everything changed (band uploads: an upload changes only its member's entities).
     */
    changes?: "by-entity";
  }
}

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Marks everything changed once a mutating request's handler is done and before its answer leaves, so a read
 * sent after that answer never gets a kept answer computed before the write (db/changes.ts). Refused requests
 * (4xx) changed nothing and mark nothing.
 */
export function registerChangeTracking(app: FastifyInstance, db: Db) {
  const changes = changesOf(db);
  app.addHook("onSend", async (req, reply, payload) => {
    if (READS.has(req.method) || req.routeOptions.config?.changes === "by-entity") return payload;
    if (reply.statusCode < 400 || reply.statusCode >= 500) changes.everything();
    return payload;
  });
}
