#!/usr/bin/env bash
# Measures `npm start` from a fresh clone to "ready": the first start with a
# cold Go module and build cache, the first start with warm Go caches, and a
# second start of the same clone. Each run uses its own ports and clone, and
# is stopped with SIGTERM once ready. Prints one line per measurement.
#
#   stack/bench/start-times.sh            # all three
#   stack/bench/start-times.sh warm       # only the warm first start and the second start
set -euo pipefail
repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
work=$(mktemp -d /tmp/portal-bench-XXXX)
trap 'rm -rf "$work"' EXIT
port_base=${BENCH_PORT_BASE:-5100}

# start_until_ready DIR LABEL [ENV…]: runs npm start in DIR until it prints "ready in".
start_until_ready() {
  local dir=$1 label=$2; shift 2
  local log="$work/$label.log" started ended pid
  started=$(date +%s.%N)
  setsid env "$@" PORTAL_PORT=$((port_base)) KRATOS_PUBLIC_PORT=$((port_base + 1)) \
    KRATOS_ADMIN_PORT=$((port_base + 2)) MAIL_SMTP_PORT=$((port_base + 3)) MAIL_WEB_PORT=$((port_base + 4)) \
    npm --prefix "$dir" start >"$log" 2>&1 &
  pid=$!
  until grep -q "ready in" "$log" 2>/dev/null; do
    if ! kill -0 "$pid" 2>/dev/null; then echo "$label: npm start ended before ready:" >&2; tail -30 "$log" >&2; exit 1; fi
    sleep 0.5
  done
  ended=$(date +%s.%N)
  # npm passes SIGTERM on; the supervisor then stops the stack it started.
  kill -TERM "$pid"
  for _ in $(seq 30); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
  kill -KILL -- "-$pid" 2>/dev/null || true
  printf '%-40s %6.1f s\n' "$label" "$(echo "$ended - $started" | bc)"
}

fresh_clone() {
  git clone -q "$repo" "$work/$1"
  echo "$work/$1"
}

if [ "${1:-all}" = all ]; then
  clone=$(fresh_clone cold)
  start_until_ready "$clone" "first start, cold Go caches" GOMODCACHE="$work/gomodcache" GOCACHE="$work/gocache" GOFLAGS=-modcacherw
fi
clone=$(fresh_clone warm)
start_until_ready "$clone" "first start, warm Go caches"
start_until_ready "$clone" "second start"
for binary in kratos hydra; do
  printf '%-40s %6.1f MB\n' "$binary binary" "$(echo "$(stat -c %s "$clone/.bin/$binary") / 1000000" | bc -l)"
done
