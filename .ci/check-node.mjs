// `npm test`'s first step (the pretest script): the tests run TypeScript directly, which Node strips
// from version 22.18 on. `npm ci` installs Node 24 (the `node` devDependency) and npm scripts run on
// it; without it (a partial install, `npm test` run with another Node first on PATH), say which Node
// the tests need instead of failing on the first type annotation. Plain syntax: old Nodes parse it.
var parts = process.versions.node.split(".").map(Number);
var major = parts[0];
var minor = parts[1];
if (major < 22 || (major === 22 && minor < 18)) {
  process.stderr.write(
    "The tests need Node.js 24 (npm ci installs it into node_modules/.bin, where npm scripts find it) or 22.18 and later; this is " +
      process.version +
      ".\nRun `npm ci` in this folder, then `npm test` again.\n",
  );
  process.exit(1);
}
