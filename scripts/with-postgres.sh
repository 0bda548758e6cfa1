#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL server on a free port, then removes the server.
# Usage: scripts/with-postgres.sh <command...>   (DATABASE_URL is exported to the command)
# PG_OPTS adds server options, e.g. PG_OPTS="-c shared_buffers=1GB -c max_wal_size=4GB" (no single quotes).
set -euo pipefail

bin=$(dirname "$(ls -d /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -n 1)" 2>/dev/null || true)
[ -x "$bin/initdb" ] || bin=$(dirname "$(command -v initdb)")
[ -x "$bin/initdb" ] || { echo "PostgreSQL binaries (initdb, pg_ctl) not found: apt-get install -y postgresql" >&2; exit 1; }

port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
dir=$(mktemp -d /tmp/mimamori-pg.XXXXXX)
run_as_pg() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$dir"

cleanup() { run_as_pg "'$bin/pg_ctl' -D '$dir/data' -m immediate stop" >/dev/null 2>&1 || true; rm -rf "$dir"; }
trap cleanup EXIT

run_as_pg "'$bin/initdb' -D '$dir/data' -U postgres --auth=trust -E UTF8 --locale=C.UTF-8" >/dev/null
run_as_pg "'$bin/pg_ctl' -D '$dir/data' -o '-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off ${PG_OPTS:-}' -l '$dir/log' -w start" >/dev/null
echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"

export DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
"$@"
