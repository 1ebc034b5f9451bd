#!/usr/bin/env bash
# A local PostgreSQL primary and a streaming replica of it, to run the server with DATABASE_READ_URL
# (docs/operations.md "Read replica"). Leaves the machine's own cluster (5432) alone.
#
#   scripts/replica.sh start    initdb a primary on PRIMARY_PORT (5433) unless it exists, create the database,
#                               clone a hot standby with pg_basebackup -R on REPLICA_PORT (5434), start both
#   scripts/replica.sh status   which of the two runs, the replication state and lag, the URLs to use
#   scripts/replica.sh stop     stop both (fast shutdown); their data stays for the next start
#   scripts/replica.sh destroy  stop both and delete their data
#
# REPLICA_OF=host:port clones an existing primary instead of starting one (it must accept replication
# connections of user postgres from this host, as initdb's pg_hba.conf does on 127.0.0.1). Every command is
# idempotent. Run as root (the clusters run as the postgres user through runuser) or as postgres.
set -euo pipefail

BASE=${REPLICA_BASE:-/var/tmp/monitoring-replica}
PRIMARY_PORT=${PRIMARY_PORT:-5433}
REPLICA_PORT=${REPLICA_PORT:-5434}
REPLICA_OF=${REPLICA_OF:-}
DB_NAME=${REPLICA_DB:-monitoring}
PG_BIN=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)}
PRIMARY_DIR=$BASE/primary
REPLICA_DIR=$BASE/replica

if [ -n "$REPLICA_OF" ]; then
  PRIMARY_HOST=${REPLICA_OF%:*}
  PRIMARY_PORT=${REPLICA_OF##*:}
else
  PRIMARY_HOST=127.0.0.1
fi

# Run a command as the postgres user.
as_pg() {
  if [ "$(id -un)" = postgres ]; then "$@"; else runuser -u postgres -- "$@"; fi
}

psql_at() { # port, sql
  as_pg "$PG_BIN/psql" -h 127.0.0.1 -p "$1" -U postgres -d postgres -XAtqc "$2"
}
psql_primary() { as_pg "$PG_BIN/psql" -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" -U postgres -d postgres -XAtqc "$1"; }

running() { [ -f "$1/PG_VERSION" ] && as_pg "$PG_BIN/pg_ctl" -D "$1" status >/dev/null 2>&1; }

start_cluster() { # dir, name
  if running "$1"; then
    echo "$2: already running"
    return
  fi
  as_pg "$PG_BIN/pg_ctl" -D "$1" -l "$BASE/$2.log" -w -t 60 start >/dev/null
  echo "$2: started (log $BASE/$2.log)"
}

stop_cluster() { # dir, name
  if running "$1"; then
    as_pg "$PG_BIN/pg_ctl" -D "$1" -m fast -w -t 60 stop >/dev/null
    echo "$2: stopped"
  else
    echo "$2: not running"
  fi
}

init_primary() {
  if [ -f "$PRIMARY_DIR/PG_VERSION" ]; then return; fi
  as_pg "$PG_BIN/initdb" -D "$PRIMARY_DIR" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  # initdb's pg_hba.conf already lets postgres make replication connections from 127.0.0.1 (trust).
  as_pg tee -a "$PRIMARY_DIR/postgresql.conf" >/dev/null <<EOF

# scripts/replica.sh: a primary for streaming replication
port = $PRIMARY_PORT
listen_addresses = '127.0.0.1'
unix_socket_directories = '$BASE'
wal_level = replica
max_wal_senders = 5
# WAL kept for a replica that falls behind (a big seed) or was stopped a while; no slot to forget.
wal_keep_size = '1GB'
hot_standby = on
EOF
  echo "primary: initialised in $PRIMARY_DIR (port $PRIMARY_PORT)"
}

init_replica() {
  if [ -f "$REPLICA_DIR/PG_VERSION" ]; then return; fi
  # -R writes standby.signal and primary_conninfo; -X stream copies the WAL written during the copy.
  as_pg "$PG_BIN/pg_basebackup" -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" -U postgres -D "$REPLICA_DIR" \
    -R -X stream -c fast
  # A Debian cluster keeps its configuration in /etc, not in the data directory: give the copy its own.
  if [ ! -f "$REPLICA_DIR/postgresql.conf" ]; then
    as_pg tee "$REPLICA_DIR/pg_hba.conf" >/dev/null <<'EOF'
local all all trust
host all all 127.0.0.1/32 trust
host all all ::1/128 trust
EOF
    as_pg touch "$REPLICA_DIR/pg_ident.conf"
    as_pg touch "$REPLICA_DIR/postgresql.conf"
  fi
  as_pg tee -a "$REPLICA_DIR/postgresql.conf" >/dev/null <<EOF

# scripts/replica.sh: a hot standby of $PRIMARY_HOST:$PRIMARY_PORT (later lines win over the primary's)
port = $REPLICA_PORT
listen_addresses = '127.0.0.1'
unix_socket_directories = '$BASE'
hot_standby = on
# Cancel a replica query that blocks replay for more than 30 s rather than let the replica fall behind.
max_standby_streaming_delay = 30s
hba_file = '$REPLICA_DIR/pg_hba.conf'
ident_file = '$REPLICA_DIR/pg_ident.conf'
EOF
  echo "replica: cloned from $PRIMARY_HOST:$PRIMARY_PORT into $REPLICA_DIR (port $REPLICA_PORT)"
}

urls() {
  echo "DATABASE_URL=postgres://postgres@$PRIMARY_HOST:$PRIMARY_PORT/$DB_NAME"
  echo "DATABASE_READ_URL=postgres://postgres@127.0.0.1:$REPLICA_PORT/$DB_NAME"
}

cmd_start() {
  install -d -o postgres -g postgres -m 0750 "$BASE" 2>/dev/null || as_pg mkdir -p "$BASE"
  if [ -z "$REPLICA_OF" ]; then
    init_primary
    start_cluster "$PRIMARY_DIR" primary
  fi
  # Created before the clone (or replicated later): the database the server will use.
  if [ "$(psql_primary "select count(*) from pg_database where datname = '$DB_NAME'")" = 0 ]; then
    psql_primary "create database \"$DB_NAME\"" >/dev/null
    echo "primary: created database $DB_NAME"
  fi
  init_replica
  start_cluster "$REPLICA_DIR" replica
  cmd_status
}

cmd_stop() {
  # The replica first, so it does not spend its shutdown retrying a primary that is gone.
  stop_cluster "$REPLICA_DIR" replica
  if [ -z "$REPLICA_OF" ]; then stop_cluster "$PRIMARY_DIR" primary; fi
}

cmd_status() {
  local primary_up=0 replica_up=0
  if [ -n "$REPLICA_OF" ]; then
    psql_primary 'select 1' >/dev/null 2>&1 && primary_up=1
    echo "primary: $PRIMARY_HOST:$PRIMARY_PORT (external) $([ $primary_up = 1 ] && echo up || echo down)"
  elif running "$PRIMARY_DIR"; then
    primary_up=1
    echo "primary: running on port $PRIMARY_PORT ($PRIMARY_DIR)"
  else
    echo "primary: not running"
  fi
  if running "$REPLICA_DIR"; then
    replica_up=1
    echo "replica: running on port $REPLICA_PORT ($REPLICA_DIR)," \
      "$(psql_at "$REPLICA_PORT" "select case when pg_is_in_recovery() then 'in recovery (hot standby)' else 'NOT a standby' end || ', replayed ' || coalesce(pg_last_wal_replay_lsn()::text, '-') || ', last replay ' || coalesce(round(extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000)::text || ' ms ago', 'never')")"
  else
    echo "replica: not running"
  fi
  if [ $primary_up = 1 ]; then
    local senders
    senders=$(psql_primary "select string_agg(coalesce(client_addr::text, 'local') || ' ' || state || ' sent ' || sent_lsn || ' replayed ' || coalesce(replay_lsn::text, '-') || ' (' || pg_wal_lsn_diff(sent_lsn, coalesce(replay_lsn, sent_lsn)) || ' bytes behind)', '; ') from pg_stat_replication")
    echo "streaming: ${senders:-no replica connected}"
  fi
  if [ $primary_up = 1 ] && [ $replica_up = 1 ]; then urls; fi
}

case "${1:-status}" in
  start) cmd_start ;;
  stop) cmd_stop ;;
  status) cmd_status ;;
  destroy)
    cmd_stop
    rm -rf "$PRIMARY_DIR" "$REPLICA_DIR" "$BASE"/*.log
    echo "deleted $PRIMARY_DIR and $REPLICA_DIR"
    ;;
  *)
    echo "usage: $0 start|status|stop|destroy" >&2
    exit 2
    ;;
esac
