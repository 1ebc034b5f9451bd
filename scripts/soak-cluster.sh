#!/usr/bin/env bash
# A PostgreSQL cluster of its own for `npm run soak` (README "Benchmark", docs/operations.md "Soak"): created with
# initdb at PostgreSQL's defaults, autovacuum included (the machine's cluster on 5432 runs with autovacuum off for
# CI speed, which a soak must not measure). It listens on 127.0.0.1 only, with trust authentication.
#
#   scripts/soak-cluster.sh start   # initdb on first use, then start; prints the URL
#   scripts/soak-cluster.sh stop    # pg_ctl stop (fast); the data stays for the next soak
#   scripts/soak-cluster.sh url     # postgres://postgres@127.0.0.1:5440/soak
#   scripts/soak-cluster.sh status
#
# SOAK_PG_PORT (5440) and SOAK_PG_DIR (/tmp/monitoring-soak-pg) move it. Run as root, it runs the server as the
# `postgres` user via runuser; run as another user, as that user.
set -euo pipefail

PORT="${SOAK_PG_PORT:-5440}"
DIR="${SOAK_PG_DIR:-/tmp/monitoring-soak-pg}"
DB=soak

BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
if [[ -z "$BIN" || ! -x "$BIN/initdb" ]]; then
  BIN="$(dirname "$(command -v initdb 2>/dev/null || echo /nonexistent/initdb)")"
fi
[[ -x "$BIN/initdb" ]] || { echo "soak-cluster: initdb not found (looked in /usr/lib/postgresql/*/bin and PATH)" >&2; exit 1; }

as_owner() {
  if [[ "$(id -u)" == 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

url() { echo "postgres://postgres@127.0.0.1:${PORT}/${DB}"; }

running() { [[ -f "$DIR/postmaster.pid" ]] && as_owner "$BIN/pg_ctl" -D "$DIR" status >/dev/null 2>&1; }

start() {
  if [[ ! -f "$DIR/PG_VERSION" ]]; then
    mkdir -p "$DIR"
    [[ "$(id -u)" == 0 ]] && chown postgres:postgres "$DIR"
    chmod 700 "$DIR"
    # Defaults but for where it listens and who may connect: no postgresql.conf tuning, autovacuum on.
    as_owner "$BIN/initdb" -D "$DIR" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  fi
  if ! running; then
    as_owner "$BIN/pg_ctl" -D "$DIR" -l "$DIR/server.log" -w \
      -o "-c listen_addresses=127.0.0.1 -c port=${PORT} -c unix_socket_directories=${DIR}" start >/dev/null
  fi
  if ! as_owner "$BIN/psql" -h 127.0.0.1 -p "$PORT" -U postgres -d postgres -tAc \
    "select 1 from pg_database where datname = '${DB}'" | grep -q 1; then
    as_owner "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres "$DB"
  fi
  echo "soak cluster on port ${PORT} (data ${DIR}, autovacuum $(as_owner "$BIN/psql" -h 127.0.0.1 -p "$PORT" -U postgres -d postgres -tAc 'show autovacuum')): $(url)" >&2
  url
}

stop() {
  if running; then as_owner "$BIN/pg_ctl" -D "$DIR" -m fast -w stop >/dev/null; fi
  echo "soak cluster stopped" >&2
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  url) url ;;
  status) if running; then echo "running: $(url)"; else echo "stopped"; exit 3; fi ;;
  *) echo "usage: $0 start|stop|url|status" >&2; exit 2 ;;
esac
