#!/usr/bin/env bash
# A throwaway PostgreSQL server for the test suite.
#
#   scripts/postgres.sh start   # prints: export SPRING_AI_PY_PG_DSN=postgresql://...
#   scripts/postgres.sh stop
#   scripts/postgres.sh status
#
# start: when SPRING_AI_PY_PG_DSN already points at a reachable server, records it and
# does nothing else. Otherwise it installs PostgreSQL from Debian packages if no server
# binaries are found (root only), initialises a cluster in a temporary directory, starts
# it on 127.0.0.1 on a free port, creates the database spring_ai_py_test, and writes the
# DSN to .pg/dsn at the repository root (the tests read that file when the variable is
# unset). stop: stops the server this script started and removes its cluster.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
STATE="$ROOT/.pg"
DB=spring_ai_py_test

log() { echo "postgres.sh: $*" >&2; }

reachable() {
    # A server answers a query at DSN $1.
    local dsn="$1"
    command -v psql >/dev/null 2>&1 || return 1
    PGCONNECT_TIMEOUT=3 psql "$dsn" -Atqc 'SELECT 1' >/dev/null 2>&1
}

find_bindir() {
    local dir
    for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
        if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then
            echo "$dir"
            return 0
        fi
    done
    if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
        dirname "$(command -v initdb)"
        return 0
    fi
    return 1
}

install_postgres() {
    if [ "$(id -u)" != 0 ]; then
        log "PostgreSQL is not installed and this user cannot install it (need root for apt-get)"
        exit 1
    fi
    log "installing PostgreSQL from Debian packages"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq postgresql >&2
}

# Run a command as the cluster owner: initdb and postgres refuse to run as root.
as_owner() {
    if [ "$(id -u)" = 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

free_port() {
    python3 - <<'PY'
import socket
with socket.socket() as s:
    s.bind(("127.0.0.1", 0))
    print(s.getsockname()[1])
PY
}

start() {
    mkdir -p "$STATE"
    if [ -n "${SPRING_AI_PY_PG_DSN:-}" ] && reachable "$SPRING_AI_PY_PG_DSN"; then
        log "using the server at SPRING_AI_PY_PG_DSN"
        printf '%s\n' "$SPRING_AI_PY_PG_DSN" >"$STATE/dsn"
        echo "export SPRING_AI_PY_PG_DSN=$SPRING_AI_PY_PG_DSN"
        return 0
    fi
    if [ -f "$STATE/dsn" ] && [ -f "$STATE/datadir" ] && reachable "$(cat "$STATE/dsn")"; then
        log "already running"
        echo "export SPRING_AI_PY_PG_DSN=$(cat "$STATE/dsn")"
        return 0
    fi
    # A leftover from a run that was killed: clear it before starting afresh.
    stop_cluster

    local bindir
    if ! bindir="$(find_bindir)"; then
        install_postgres
        bindir="$(find_bindir)" || { log "no PostgreSQL binaries after installing"; exit 1; }
    fi

    local datadir port dsn
    datadir="$(mktemp -d /tmp/spring_ai_py_pg.XXXXXX)"
    if [ "$(id -u)" = 0 ]; then
        chown postgres:postgres "$datadir"
    fi
    as_owner "$bindir/initdb" -D "$datadir/data" -U postgres --auth=trust \
        --encoding=UTF8 --locale=C.UTF-8 >"$datadir/initdb.log" 2>&1 ||
        { cat "$datadir/initdb.log" >&2; exit 1; }
    port="$(free_port)"
    as_owner "$bindir/pg_ctl" -D "$datadir/data" -l "$datadir/server.log" -w -t 60 \
        -o "-c listen_addresses=127.0.0.1 -p $port -k $datadir -c max_connections=200 -c fsync=off" \
        start >&2 || { cat "$datadir/server.log" >&2; exit 1; }
    printf '%s\n' "$datadir" >"$STATE/datadir"
    printf '%s\n' "$bindir" >"$STATE/bindir"

    as_owner "$bindir/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -Atqc \
        "CREATE DATABASE $DB" >&2
    dsn="postgresql://postgres@127.0.0.1:$port/$DB"
    printf '%s\n' "$dsn" >"$STATE/dsn"
    log "started on 127.0.0.1:$port (cluster in $datadir)"
    echo "export SPRING_AI_PY_PG_DSN=$dsn"
}

stop_cluster() {
    if [ -f "$STATE/datadir" ]; then
        local datadir bindir
        datadir="$(cat "$STATE/datadir")"
        bindir="$(cat "$STATE/bindir" 2>/dev/null || find_bindir || true)"
        if [ -d "$datadir/data" ] && [ -n "$bindir" ]; then
            as_owner "$bindir/pg_ctl" -D "$datadir/data" -m fast -w stop >&2 || true
        fi
        case "$datadir" in
            /tmp/spring_ai_py_pg.*) rm -rf "$datadir" ;;
        esac
    fi
    rm -f "$STATE/dsn" "$STATE/datadir" "$STATE/bindir"
}

stop() {
    stop_cluster
    rmdir "$STATE" 2>/dev/null || true
    log "stopped"
}

status() {
    if [ -f "$STATE/dsn" ] && reachable "$(cat "$STATE/dsn")"; then
        echo "running: $(cat "$STATE/dsn")"
    else
        echo "not running"
        return 1
    fi
}

case "${1:-}" in
    start) start ;;
    stop) stop ;;
    status) status ;;
    *)
        echo "usage: $0 start|stop|status" >&2
        exit 2
        ;;
esac
