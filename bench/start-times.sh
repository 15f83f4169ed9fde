#!/usr/bin/env bash
# Measures `npm start` from a fresh clone to "ready": the first start with a
# cold Go module and build cache, the first start with warm Go caches, and a
# second start of the same clone. Each run uses its own ports and clone, and
# is stopped with SIGTERM once ready. Prints one line per measurement: from the
# command to ready, and from the end of the install to ready. A fresh clone
# installs its npm packages (npm ci, from npm's cache once warm) and builds
# Kratos, Hydra and the app before it is ready.
#
#   bench/start-times.sh                       # all three, of the checkout's HEAD
#   bench/start-times.sh warm                  # only the warm first start and the second start
#   bench/start-times.sh warm d4efcb5          # the same of another commit, to compare
set -euo pipefail
repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
revision=$(git -C "$repo" rev-parse "${2:-HEAD}")
work=$(mktemp -d /tmp/portal-bench-XXXX)
trap 'rm -rf "$work"' EXIT
port_base=${BENCH_PORT_BASE:-5100}
echo "commit ${revision:0:7}"

# start_until_ready DIR LABEL [ENV…]: runs npm start in DIR until it prints "ready in".
start_until_ready() {
  local dir=$1 label=$2; shift 2
  local log="$work/$label.log" started ended pid
  started=$(date +%s.%N)
  setsid env "$@" PORTAL_PORT=$((port_base)) KRATOS_PUBLIC_PORT=$((port_base + 1)) \
    KRATOS_ADMIN_PORT=$((port_base + 2)) MAIL_SMTP_PORT=$((port_base + 3)) MAIL_WEB_PORT=$((port_base + 4)) \
    HYDRA_PUBLIC_PORT=$((port_base + 5)) HYDRA_ADMIN_PORT=$((port_base + 6)) \
    npm --prefix "$dir" start >"$log" 2>&1 &
  pid=$!
  until grep -q "ready in" "$log" 2>/dev/null; do
    if ! kill -0 "$pid" 2>/dev/null; then echo "$label: npm start ended before ready:" >&2; tail -30 "$log" >&2; exit 1; fi
    sleep 0.5
  done
  ended=$(date +%s.%N)
  # To the whole group: npm does not pass SIGTERM on; the supervisor stops the stack it started.
  kill -TERM -- "-$pid"
  for _ in $(seq 30); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
  kill -KILL -- "-$pid" 2>/dev/null || true
  # The stack's own "ready in" counts from the end of the install (npm ci), which a busy machine slows the most.
  printf '%-40s %6.1f s  (ready %s after the install)\n' "$label" "$(echo "$ended - $started" | bc)" \
    "$(grep -o 'ready in [0-9.]*s' "$log" | head -1 | cut -d' ' -f3)"
  # What it built on the way, and how long each took (the Go builds and the app's run side by side).
  grep -o 'built [a-z ]* in [0-9.]*s' "$log" | sed 's/^/    /' || true
}

fresh_clone() {
  git clone -q "$repo" "$work/$1"
  git -C "$work/$1" checkout -q --detach "$revision"
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
