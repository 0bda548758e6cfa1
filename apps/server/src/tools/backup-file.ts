import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { LOCK_FILE } from "../db/lock";

/** A file argument of `npm run …`: relative to where the command was typed (npm runs scripts at the root). */
export function argPath(p: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), p);
}

/** Writes a file durably: to `<file>.partial`, flushed, then renamed (never a truncated file under the name). */
export function writeFileDurably(file: string, data: Uint8Array) {
  const partial = `${file}.partial`;
  const fd = openSync(partial, "w", 0o600);
  try {
    writeSync(fd, data);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(partial, file);
}

/**
 * Reads a backup and checks that it is a PGlite data folder (a tar, gzipped or not, holding PG_VERSION and
 * global/pg_control) before anything in DATA_DIR is touched. Returns the tar without the lock file of the process
 * that made it (a backup is a dump of a locked folder), so a restored folder is never locked by a stranger.
 */
export function readBackup(file: string): Buffer {
  const data = readFileSync(file);
  let tar: Buffer;
  try {
    tar = data[0] === 0x1f && data[1] === 0x8b ? gunzipSync(data) : data;
  } catch (err) {
    throw new Error(`${file} is not a backup: it cannot be decompressed (${(err as Error).message}).`);
  }
  const names = new Set<string>();
  const kept: Buffer[] = [];
  let at = 0;
  while (at + 512 <= tar.length) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const field = (from: number, len: number) =>
      header
        .subarray(from, from + len)
        .toString("latin1")
        .replace(/\0.*$/s, "");
    const name = `${field(345, 155)}${field(0, 100)}`.replace(/^\.?\//, "");
    const size = Number.parseInt(field(124, 12).trim() || "0", 8);
    if (!Number.isFinite(size)) break;
    const end = at + 512 + Math.ceil(size / 512) * 512;
    names.add(name);
    if (name !== LOCK_FILE) kept.push(tar.subarray(at, end));
    at = end;
  }
  if (!names.has("PG_VERSION") || !names.has("global/pg_control"))
    throw new Error(
      `${file} is not a backup of a Mimamori data folder (no PG_VERSION or global/pg_control in it).`,
    );
  return Buffer.concat([...kept, Buffer.alloc(1024)]);
}
