// Command kratos is Ory Kratos built from its Go module, because no release
// binary or container engine is available where the portal is developed.
// One command is the portal's own, for the local stack's SQLite:
// `kratos sqlite-planner-hints` (planner_hints.go).
package main

import (
	"fmt"
	"os"

	"github.com/ory/kratos/cmd"
)

func main() {
	if len(os.Args) == 2 && os.Args[1] == plannerHintsCommand {
		if err := writePlannerHints(os.Getenv("DSN")); err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", plannerHintsCommand, err)
			os.Exit(1)
		}
		return
	}
	os.Exit(cmd.Execute())
}
