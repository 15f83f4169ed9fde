// The test stack's supervisor (stack/supervisor.ts) keeps the error lines its
// processes print, so that npm test's summary can repeat those of a failed
// suite: from a mark taken before that suite, not an earlier suite's.
import t from "tap";
import { Supervisor } from "./supervisor.js";

t.test("the error lines since a mark are those printed after it; the rest of the output is not kept as errors", async (t) => {
  const supervisor = new Supervisor({ echo: false });
  supervisor.log("kratos", "time=1 level=error msg=the server suite's refused callback");
  supervisor.log("kratos", "time=2 level=info msg=a sign-in");
  const mark = supervisor.errorCount();
  supervisor.log("portal", '{"level":50,"msg":"the browser suite\'s failure"}');
  supervisor.log("hydra", "time=3 level=warning msg=slow");
  t.same(supervisor.recentErrors(mark), ['portal | {"level":50,"msg":"the browser suite\'s failure"}']);
  t.equal(supervisor.recentErrors().length, 2, "without a mark, all that is kept");
});

t.test("a mark older than what is kept gives what is kept", async (t) => {
  const supervisor = new Supervisor({ echo: false });
  const mark = supervisor.errorCount();
  for (let line = 1; line <= 50; line += 1) supervisor.log("kratos", `level=error msg=number ${line}`);
  const kept = supervisor.recentErrors(mark);
  t.equal(kept.length, 40, "the last 40");
  t.equal(kept[0], "kratos | level=error msg=number 11");
  t.same(supervisor.recentErrors(supervisor.errorCount()), [], "nothing since now");
});
