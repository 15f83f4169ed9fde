//go:build tools

// Package tools pins Docker Compose's command to the version in go.mod:
// stack/go-build.ts builds github.com/docker/compose/v2/cmd from this module
// into .bin/docker-compose, the `docker compose` plugin of the compose suite
// (stack/compose/), because no release binary can be fetched where the portal
// is developed and tested, and Debian's docker.io carries no Compose v2.
package tools

import _ "github.com/docker/compose/v2/cmd"
