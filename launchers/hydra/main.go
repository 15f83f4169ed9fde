// Command hydra is Ory Hydra built from its Go module, like launchers/kratos:
// no release binary or container engine is available where the portal is
// developed. It mirrors Hydra's own main.
package main

import (
	"github.com/ory/hydra/v2/cmd"
	"github.com/ory/x/profilex"
)

func main() {
	// Profiling only when PROFILING is set, as in Hydra's release binary.
	defer profilex.Profile().Stop()

	// Unlike Kratos', Hydra's Execute returns nothing: it exits by itself on failure.
	cmd.Execute()
}
