#!/bin/sh
# docker-compose.yml: PostgreSQL's entrypoint runs this once, when it
# initialises an empty data volume. Each service gets its own role, with its
# own password, owning only its own database (service-database.sql).
set -eu
create() {
  psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
    -v service="$1" -v password="$2" -f /etc/postgres/service-database.sql
}
create kratos "$KRATOS_DB_PASSWORD"
create hydra "$HYDRA_DB_PASSWORD"
