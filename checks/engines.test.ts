// The Node versions the project declares are true of every package it
// installs (npm ci warns EBADENGINE otherwise), of the machine that runs the
// suites, and of the Docker image.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import semver from "semver";
import t from "tap";
import { nodeImageArg } from "../stack/image-node.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const read = (file: string) => readFileSync(join(root, file), "utf8");
const supported = (JSON.parse(read("package.json")) as { engines: { node: string } }).engines.node;

t.test("every package in the lock file accepts every Node version the project supports", async (t) => {
  const lock = JSON.parse(read("package-lock.json")) as { packages: Record<string, { engines?: { node?: string } }> };
  const narrower = Object.entries(lock.packages)
    .filter(([, entry]) => entry.engines?.node !== undefined && !semver.subset(supported, entry.engines.node))
    .map(([path, entry]) => `${path.replace(/^.*node_modules\//, "")} wants ${entry.engines!.node}`);
  t.same(narrower, [], `packages narrower than ${supported}`);
});

t.test("the suites run on a supported Node, and so does the Docker image", async (t) => {
  t.ok(semver.satisfies(process.version, supported), `${process.version} satisfies ${supported}`);
  const dockerfile = read("Dockerfile");
  const images = [nodeImageArg.exec(dockerfile)?.[1]].filter((major) => major !== undefined).map(Number);
  t.ok(images.length > 0, "the Dockerfile builds on the official node image");
  t.same(
    [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((match) => match[1]),
    ["${NODE_IMAGE}", "${NODE_IMAGE}"],
    "both stages build on it",
  );
  for (const major of images) {
    t.ok(semver.intersects(supported, `^${major}`), `node:${major} is supported`);
    // Node's even majors are its long-term-support lines; 20 reached its end of life on 2026-04-30.
    t.ok(major % 2 === 0 && major >= 22, `node:${major} is a maintained LTS line`);
  }
});
