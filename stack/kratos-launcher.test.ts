// The Kratos launcher's own Go code (launchers/kratos): its tests, with the build's tags. The planner
// statistics it writes on SQLite are checked there against a database that Kratos' migrations made:
// without them the search of identities by an address reads every identifier; with them, an index.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import t from "tap";
import { kratosLauncher } from "./go-build.js";
import { rootDir } from "./settings.js";

t.test("the Kratos launcher's Go tests pass", async (t) => {
  const run = spawnSync("go", ["test", "-count=1", "-tags", kratosLauncher.tags, "."], {
    cwd: join(rootDir, "launchers", kratosLauncher.name),
    env: { ...process.env, CGO_ENABLED: "1" },
    encoding: "utf8",
  });
  t.equal(run.status, 0, `go test:\n${run.stdout}${run.stderr}`);
});
