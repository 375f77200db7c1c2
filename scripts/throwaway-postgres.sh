#!/usr/bin/env bash
# A throwaway PostgreSQL cluster (Debian's postgresql) on 127.0.0.1, for tests and benchmarks.
#   scripts/throwaway-postgres.sh start DIR [PORT]   prints the DATABASE_URL on its last line
#   scripts/throwaway-postgres.sh stop DIR
set -euo pipefail
action=$1 dir=$2 port=${3:-54329}
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$pg_bin" ] && [ -x "$pg_bin/initdb" ] || { echo "Debian's postgresql is not installed (apt-get install -y postgresql)" >&2; exit 1; }
as_pg=()
[ "$(id -u)" = 0 ] && as_pg=(runuser -u postgres --)
case $action in
  start)
    mkdir -p "$dir" && chmod 755 "$dir"
    [ "$(id -u)" = 0 ] && chown postgres:postgres "$dir"
    "${as_pg[@]}" "$pg_bin/initdb" -D "$dir/data" --auth=trust -U postgres >/dev/null
    "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
      -o "-h 127.0.0.1 -p $port -k $dir -c max_connections=300 -c fsync=off" start >/dev/null ||
      { cat "$dir/log" >&2; exit 1; }
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$dir/data" -m fast stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  *) echo "usage: $0 start|stop DIR [PORT]" >&2; exit 2 ;;
esac
