// The page registry is the only place a page is described: every route of the
// tree comes from it, and each module a page names (the server preloads it by
// that name) is one that loads on demand, with the page's component.
import type { RouteObject } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { flowKinds } from "#contract/flows.js";
import { flowPagePath, pageApiReads } from "#contract/pages.js";
import { shellModule } from "./lazy-shell";
import { loadModule } from "./on-demand";
import { pageList, routePathOf } from "./page-registry";
import { routes } from "./routes";

/** The paths of a route tree that are not a registered page's (the catch-all "not found" route aside). */
function unregisteredRoutes(tree: readonly RouteObject[]): string[] {
  const registered = new Set(pageList.map(routePathOf));
  return tree.flatMap((route) => [
    ...(route.path !== undefined && route.path !== "*" && !registered.has(route.path) ? [route.path] : []),
    ...(route.index ? ["(index)"] : []),
    ...unregisteredRoutes(route.children ?? []),
  ]);
}

const pathsOf = (tree: readonly RouteObject[]): string[] =>
  tree.flatMap((route) => [...(route.path ? [route.path] : []), ...pathsOf(route.children ?? [])]);

describe("the page registry", () => {
  it("is where every route of the tree comes from, and every page has its route", () => {
    expect(unregisteredRoutes(routes)).toEqual([]);
    expect(pathsOf(routes).sort()).toEqual([...pageList.map(routePathOf), "*"].sort());
  });

  it("catches a route added to the tree by hand", () => {
    expect(unregisteredRoutes([...routes, { children: [{ path: "/by-hand", element: null }] }])).toEqual(["/by-hand"]);
  });

  it("names, for each page out of the entry bundle and the shell, a module that exports a component", async () => {
    const names = [shellModule, ...pageList.flatMap((page) => (page.module ? [page.module] : []))];
    const loaded = await Promise.all(names.map(async (name) => [name, typeof (await loadModule(name))] as const));
    expect(loaded.filter(([, type]) => type !== "function")).toEqual([]);
  });

  it("has a page for each kind of flow, and the reads of the pages the server answers in advance", () => {
    expect(flowKinds.map(flowPagePath)).toEqual(["/login", "/registration", "/recovery", "/verification", "/settings"]);
    expect(pageApiReads("/consent", new URLSearchParams("consent_challenge=c1"))).toEqual(["/api/oauth2/consent?consent_challenge=c1"]);
    expect(pageApiReads("/consent", new URLSearchParams())).toEqual([]);
    expect(pageApiReads("/logout", new URLSearchParams("logout_challenge=l1"))).toEqual(["/api/oauth2/logout?logout_challenge=l1"]);
    expect(pageApiReads("/manage-clients", new URLSearchParams())).toEqual(["/api/clients?page_size=25"]);
    expect(pageApiReads("/registration", new URLSearchParams())).toEqual(["/api/identity-schemas"]);
    // Account Settings reads what the section at the address shows, each below the notice of wrong passwords.
    const notice = "/api/account/failed-sign-ins";
    expect(pageApiReads("/settings", new URLSearchParams())).toEqual([notice, "/api/identity-schemas"]);
    expect(pageApiReads("/settings/security", new URLSearchParams())).toEqual([notice]);
    expect(pageApiReads("/settings/devices", new URLSearchParams())).toEqual([notice, "/api/account/sessions", "/api/account/activity"]);
    expect(pageApiReads("/settings/applications", new URLSearchParams())).toEqual([notice, "/api/oauth2/consents"]);
    expect(pageApiReads("/settings/elsewhere", new URLSearchParams())).toEqual([]);
    // Manage Users reads the list its URL's search shows, and the person its URL names, with the schema's traits.
    expect(pageApiReads("/manage-users", new URLSearchParams())).toEqual(["/api/users?match=prefix", "/api/identity-schemas"]);
    expect(pageApiReads("/manage-users", new URLSearchParams("email=%20Ada%40&match=exact"))).toEqual([
      "/api/users?email=Ada%40&match=exact",
      "/api/identity-schemas",
    ]);
    expect(pageApiReads("/manage-users/user", new URLSearchParams("id=a/b"))).toEqual(["/api/users/a%2Fb", "/api/identity-schemas"]);
    expect(pageApiReads("/manage-users/user", new URLSearchParams())).toEqual(["/api/identity-schemas"]);
  });

  it("gives each menu entry a key of its own", () => {
    const keys = pageList.flatMap(({ menu }) => (menu ? [menu.key] : []));
    expect(new Set(keys).size).toBe(keys.length);
  });
});
