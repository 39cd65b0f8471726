#!/usr/bin/env bash
# Usage: bash scripts/with-postgres.sh <command...>
#
# Starts a throwaway PostgreSQL cluster in a temp dir (listening on 127.0.0.1 only,
# on a free port from PG_PORT, default 5433, upwards; its socket inside the temp
# dir), runs the command with DATABASE_URL pointing at it, then always stops the
# cluster and removes the temp dir. Exits with the command's exit code.
#
# Needs PostgreSQL's server binaries (Debian: apt-get install postgresql); set
# PG_BIN to use another bin dir. As root the cluster runs as the postgres user.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "Usage: bash scripts/with-postgres.sh <command...>" >&2
  exit 2
fi

log() { echo "[with-postgres] $*" >&2; }

if [ -z "${PG_BIN:-}" ]; then
  PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
fi
if [ -z "${PG_BIN:-}" ] || [ ! -x "$PG_BIN/initdb" ]; then
  log "PostgreSQL server binaries not found (looked for /usr/lib/postgresql/*/bin/initdb)."
  log "Install them (Debian: apt-get install postgresql) or set PG_BIN."
  exit 2
fi

# initdb and postgres refuse to run as root: run them as the postgres user then.
if [ "$(id -u)" -eq 0 ]; then
  if ! id postgres >/dev/null 2>&1; then
    log "Running as root, but there is no postgres user to run the cluster as."
    exit 2
  fi
  as_pg() { runuser -u postgres -- "$@"; }
  owner=postgres
else
  as_pg() { "$@"; }
  owner=$(id -un)
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/relentless-pg.XXXXXX")
data="$tmp/data"

cleanup() {
  local status=$?
  trap - EXIT INT TERM
  if [ -f "$data/postmaster.pid" ]; then
    as_pg "$PG_BIN/pg_ctl" -D "$data" -m fast -w stop >/dev/null 2>&1 \
      || as_pg "$PG_BIN/pg_ctl" -D "$data" -m immediate -w stop >/dev/null 2>&1 \
      || log "could not stop the cluster in $data"
  fi
  rm -rf "$tmp"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

chmod 700 "$tmp"
chown "$owner" "$tmp"

t0=$(date +%s)
if ! as_pg "$PG_BIN/initdb" -D "$data" -U postgres --auth-local=trust --auth-host=trust \
  --encoding=UTF8 --no-locale --no-instructions >"$tmp/initdb.log" 2>&1; then
  cat "$tmp/initdb.log" >&2
  log "initdb failed"
  exit 1
fi

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

port=${PG_PORT:-5433}
last=$((port + 50))
# A throwaway cluster: durability off for speed.
pg_options="-c listen_addresses=127.0.0.1 -c unix_socket_directories=$tmp -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
while :; do
  if [ "$port" -gt "$last" ]; then
    log "no free port found up to $last"
    exit 1
  fi
  if port_in_use "$port"; then
    port=$((port + 1))
    continue
  fi
  if as_pg "$PG_BIN/pg_ctl" -D "$data" -l "$tmp/postgres.log" -w -t 60 -o "-p $port $pg_options" start >/dev/null 2>&1; then
    break
  fi
  # Another process may have taken the port between the check and the start.
  if grep -q "could not bind\|Address already in use" "$tmp/postgres.log" 2>/dev/null; then
    port=$((port + 1))
    continue
  fi
  cat "$tmp/postgres.log" >&2 || true
  log "PostgreSQL did not start"
  exit 1
done

export DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
log "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$port (data in $data), ready in $(($(date +%s) - t0))s"
log "DATABASE_URL=$DATABASE_URL"

set +e
"$@"
status=$?
set -e
exit "$status"
