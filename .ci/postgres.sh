#!/usr/bin/env bash
# Start a throwaway PostgreSQL for the server's tests and print the URL to test against.
# Sourced by .ci/run: sets HEXFRONT_TEST_POSTGRES and registers a trap that stops it.
# Installs Debian's postgresql when it is missing. If PostgreSQL cannot be had, the
# PostgreSQL tests are skipped (SQLite, the default, is always tested).
start_test_postgres() {
  local bin port dir
  if ! ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1; then
    echo "ci: installing postgresql for the server tests"
    (apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql) \
      >/tmp/hexfront-ci-apt.log 2>&1 || true
  fi
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -z "$bin" ] || [ ! -x "$bin/initdb" ] || ! id postgres >/dev/null 2>&1; then
    echo "ci: PostgreSQL not available; its tests will be skipped"
    return 0
  fi
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  dir=$(mktemp -d /tmp/hexfront-ci-pg.XXXXXX)
  chown postgres "$dir"
  if ! su postgres -c "$bin/initdb -D $dir/data -A trust -U postgres" >"$dir/initdb.log" 2>&1 \
    || ! su postgres -c "$bin/pg_ctl -D $dir/data -w -l $dir/log \
         -o '-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off' start" >/dev/null; then
    echo "ci: PostgreSQL did not start; its tests will be skipped"
    cat "$dir/initdb.log" "$dir/log" 2>/dev/null | tail -n 20 || true
    return 0
  fi
  HEXFRONT_CI_PG_STOP="su postgres -c '$bin/pg_ctl -D $dir/data -m fast stop' >/dev/null; rm -rf $dir"
  trap 'eval "$HEXFRONT_CI_PG_STOP"' EXIT
  if ! su postgres -c "$bin/psql -h 127.0.0.1 -p $port -q -c 'CREATE DATABASE hexfront_test'"; then
    echo "ci: could not create the test database; PostgreSQL tests will be skipped"
    return 0
  fi
  export HEXFRONT_TEST_POSTGRES="postgresql+psycopg://postgres@127.0.0.1:$port/hexfront_test"
  echo "ci: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on port $port"
}
