#!/bin/sh
# On an empty data folder: a cluster whose superuser has POSTGRES_PASSWORD, the
# scripts of /docker-entrypoint-initdb.d run against it on the local socket,
# then the server on every interface with password authentication.
set -eu
: "${POSTGRES_USER:=postgres}"
export POSTGRES_USER
if [ "${1:-}" = "postgres" ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD must be set}"
  password_file=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" >"$password_file"
  initdb --username="$POSTGRES_USER" --pwfile="$password_file" --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$password_file"
  printf 'host all all all scram-sha-256\n' >>"$PGDATA/pg_hba.conf"
  pg_ctl --silent --wait --options="-c listen_addresses='' -k /var/run/postgresql" start
  for script in /docker-entrypoint-initdb.d/*; do
    case "$script" in
      *.sh) if [ -x "$script" ]; then "$script"; else . "$script"; fi ;;
      *.sql) psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres -f "$script" ;;
    esac
  done
  pg_ctl --silent --wait --mode=fast stop
fi
if [ "${1:-}" = "postgres" ]; then
  shift
  exec postgres -c listen_addresses='*' -k /var/run/postgresql "$@"
fi
exec "$@"
