// Command kratos is Ory Kratos built from its Go module, because no release
// binary or container engine is available where the portal is developed.
package main

import (
	"os"

	"github.com/ory/kratos/cmd"
)

func main() {
	os.Exit(cmd.Execute())
}
