import t from "tap";
import { build } from "./helpers/build.js";

t.test("a route that throws answers 500 { message } without its internals", async (t) => {
  const app = await build(t, {}, (instance) => {
    instance.get("/api/boom", async () => {
      throw new Error("database password is hunter2");
    });
  });
  const response = await app.inject("/api/boom");
  t.equal(response.statusCode, 500);
  t.same(response.json(), { message: "Something went wrong on our side. Please try again." });
  t.notMatch(response.body, /hunter2/);
});

t.test("a client error keeps its status and message", async (t) => {
  const app = await build(t, {}, (instance) => {
    instance.get("/api/teapot", async () => {
      throw Object.assign(new Error("I only make tea"), { statusCode: 418 });
    });
  });
  const response = await app.inject("/api/teapot");
  t.equal(response.statusCode, 418);
  t.same(response.json(), { message: "I only make tea" });
});
