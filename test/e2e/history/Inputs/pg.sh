#!/usr/bin/env bash
# A PostgreSQL server of its own for a test: a cluster in DIR, owned by
# the `postgres` user (PostgreSQL refuses to run as root), listening on a
# Unix socket in DIR and on PORT of loopback, trusting local connections.
#
#   pg.sh start DIR PORT    prints the store's URL
#   pg.sh createdb DIR PORT NAME
#   pg.sh stop DIR
set -euo pipefail
BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
case $1 in
start)
  DIR=$2 PORT=$3
  rm -rf "$DIR" && mkdir -p "$DIR"
  [ "$(id -u)" = 0 ] && chown postgres "$DIR"
  as_pg "$BIN/initdb" -D "$DIR/data" -A trust -U postgres >"$DIR/initdb.log" 2>&1
  as_pg "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w \
    -o "-k $DIR -p $PORT -c listen_addresses=127.0.0.1 -c max_connections=40" start >/dev/null
  echo "postgresql://postgres@127.0.0.1:$PORT/postgres"
  ;;
createdb)
  as_pg "$BIN/psql" -h "$2" -p "$3" -U postgres -qc "CREATE DATABASE $4" postgres
  ;;
stop)
  as_pg "$BIN/pg_ctl" -D "$2/data" -m fast -w stop >/dev/null 2>&1 || true
  ;;
esac
