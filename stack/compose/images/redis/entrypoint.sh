#!/bin/sh
# redis-server without a configuration file listens on every interface, as the
# official image's does; its protected mode would refuse the other containers.
set -eu
if [ "${1:-}" = "redis-server" ]; then
  shift
  exec redis-server --bind 0.0.0.0 --protected-mode no "$@"
fi
exec "$@"
