#!/usr/bin/env bash
# Run a command with a throwaway PostgreSQL server started for it (see
# scripts/postgres.sh), and stop the server afterwards whatever the command's outcome.
# The command sees SPRING_AI_PY_PG_DSN. Where PostgreSQL cannot be started the command
# still runs; the PostgreSQL tests then skip visibly (and fail under CI=true).
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if [ -x "$here/postgres.sh" ] || [ -f "$here/postgres.sh" ]; then
  if exports="$(bash "$here/postgres.sh" start)"; then
    eval "$exports"
  else
    echo "with-postgres: PostgreSQL could not be started; PostgreSQL tests will skip" >&2
  fi
fi
"$@"
status=$?
if [ -n "${SPRING_AI_PY_PG_DSN:-}" ]; then
  bash "$here/postgres.sh" stop >/dev/null 2>&1 || true
fi
exit $status
