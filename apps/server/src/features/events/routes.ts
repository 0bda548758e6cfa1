import { EVENT_LIMITS } from "@mimamori/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { changesOf } from "../../db/changes";
import { requireUser } from "../../lib/access";
import type { AppContext } from "../../lib/context";
import { call } from "../../lib/openapi/operations";
import { workspaceParams } from "../../lib/params";
import { EventHub, type HubLimits } from "./hub";

/** A comment line: keeps proxies and the browser from taking an idle stream for a dead one. */
const HEARTBEAT = ":\n\n";

/**
 * `GET /api/staff/{workspace}/events` (issue 28 §2): the entity's live events as Server-Sent Events, for its staff
 * (the staff check of lib/access.ts has answered 401/403 before the handler runs). Authenticated by the bearer
 * header like every call (the web reads it with fetch, never EventSource: a token must not travel in a URL). The
 * answer is written on the raw response (`reply.hijack`), so no compression or other onSend hook buffers it; the
 * stream ends when the caller's id token expires (a stale token cannot keep listening: the page reconnects with a
 * fresh one), when the connection closes, and when the server closes.
 */
export function eventRoutes(
  ctx: AppContext,
  opts: { limits?: HubLimits; heartbeatMs?: number } = {},
): FastifyPluginAsyncZod {
  return async (app) => {
    const hub = new EventHub(changesOf(ctx.db), opts.limits);
    ctx.metrics?.countStreams(() => hub.size);
    const heartbeatMs = opts.heartbeatMs ?? EVENT_LIMITS.heartbeatMs;
    // before the HTTP server waits for open connections: an open stream would keep app.close() waiting
    app.addHook("preClose", async () => hub.close());

    app.get(
      "/staff/:workspace/events",
      {
        config: call("staff", "streamEntityEvents", "A stream of the entity's change events", {
          produces: ["text/event-stream"],
          errors: [429, 503],
        }),
        schema: { params: workspaceParams },
      },
      async (req, reply) => {
        const me = requireUser(req);
        const res = reply.raw;
        let heartbeat: NodeJS.Timeout | undefined;
        let expiry: NodeJS.Timeout | undefined;
        const end = () => {
          leave();
          clearInterval(heartbeat);
          clearTimeout(expiry);
          if (!res.writableEnded) res.end();
        };
        // refused (429/503) before anything is written: the error answer is an ordinary one
        const leave = hub.join(req.params.workspace, me.id, {
          write: (frame) => {
            if (!res.writableEnded) res.write(frame);
          },
          end,
        });
        reply.hijack();
        res.on("close", end);
        if (res.destroyed) return end();
        // headers set by earlier hooks (helmet's) are kept by writeHead
        res.writeHead(200, {
          "content-type": "text/event-stream; charset=utf-8",
          "cache-control": "no-store",
          // a reverse proxy (nginx) must pass the events on as they come
          "x-accel-buffering": "no",
          // the socket closes with the stream: a kept-alive socket left after a stream ended by the server's close
          // is not idle in time for Node's closeIdleConnections, and server.close() would wait for the client
          connection: "close",
        });
        res.write(`retry: ${EVENT_LIMITS.retryMs}\n\n`);
        heartbeat = setInterval(() => res.write(HEARTBEAT), heartbeatMs).unref();
        expiry = setTimeout(end, Math.max(0, me.tokenExpiresAt - Date.now())).unref();
        req.log.debug({ workspace: req.params.workspace, open: hub.size }, "event stream opened");
      },
    );
  };
}
