import { Writable } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import pino from "pino";
import { serializeError } from "../lib/log";

/** A logger whose JSON lines a test reads (with the app's error serializer). For tests only. */
export function captureLog() {
  const lines: Record<string, unknown>[] = [];
  const log = pino(
    { serializers: { err: serializeError } },
    new Writable({
      write(chunk, _enc, cb) {
        lines.push(JSON.parse(String(chunk)));
        cb();
      },
    }),
  ) as unknown as FastifyBaseLogger;
  return { log, lines };
}
