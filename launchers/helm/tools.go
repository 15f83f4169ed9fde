//go:build tools

// Package tools pins Helm's command to the version in go.mod: stack/go-build.ts
// builds helm.sh/helm/v3/cmd/helm from this module into .bin/helm, because no
// release binary can be fetched where the portal is developed and tested.
package tools

import _ "helm.sh/helm/v3/cmd/helm"
