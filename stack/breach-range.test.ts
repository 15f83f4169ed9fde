// Kratos as the stacks configure it asks the breach range service, and
// refuses a password it cannot check while the service is down (fail closed).
import { randomUUID } from "node:crypto";
import { Configuration, FrontendApi, type UiText } from "@ory/client";
import { isAxiosError } from "axios";
import t from "tap";
import { readTestPasswords } from "./breach-range.js";
import { startTestStack } from "./test-stack.js";

const stack = await startTestStack({ exampleSso: false });
t.teardown(() => stack.stop());
const frontend = new FrontendApi(new Configuration({ basePath: stack.publicUrl }));

/** A registration through Kratos' API flow: the status, and the password field's message ids. */
async function register(password: string): Promise<{ status: number; ids: number[] }> {
  const { data: flow } = await frontend.createNativeRegistrationFlow();
  try {
    const answer = await frontend.updateRegistrationFlow({
      flow: flow.id,
      updateRegistrationFlowBody: { method: "password", password, traits: { email: `breach-${randomUUID()}@example.org` } },
    });
    return { status: answer.status, ids: [] };
  } catch (error) {
    if (!isAxiosError(error) || !error.response) throw error;
    const nodes = (error.response.data as { ui?: { nodes: { attributes: { name?: string }; messages: UiText[] }[] } }).ui?.nodes ?? [];
    const messages = nodes.filter((node) => node.attributes.name === "password").flatMap((node) => node.messages);
    return { status: error.response.status, ids: messages.map((message) => message.id) };
  }
}

t.test("a password of the tests' list is refused with Kratos' breach message, another is accepted", async (t) => {
  t.same(await register(readTestPasswords()[0]), { status: 400, ids: [4000034] });
  t.same(await register(`Pw-${randomUUID()}`), { status: 200, ids: [] });
});

t.test("while the service is down, a password Kratos cannot check is refused", async (t) => {
  await stack.supervisor.stop("breach-range");
  const answer = await register(`Pw-${randomUUID()}`);
  t.not(answer.status, 200, "no account is made");
  t.ok(answer.status >= 400, `refused (${answer.status})`);
});
