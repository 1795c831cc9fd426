#!/usr/bin/env bash
# The published package as a new user gets it: `npm pack` (of dist/ as built), install the tarball into
# an empty folder (its package count and size printed and held to limits), then `evalgate --version`,
# `validate`, `npx evalgate demo` and the programmatic API from there, on every Node given (default:
# the `node` on PATH). No publishing. (The git route, `npm install` of a commit: .ci/newcomer.sh.)
# Usage: .ci/pack-smoke.sh [node-binary | engines-floor ...]
#   engines-floor: the oldest Node package.json's engines allow (">=22" -> 22.0.0), installed from
#   the registry's `node` package, so raising the floor is forced by CI, not guessed.
set -euo pipefail
cd "$(dirname "$0")/.."

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

step() { printf '\n== pack-smoke: %s\n' "$*"; }

NODES=()
for arg in "${@:-$(command -v node)}"; do
  if [ "$arg" = engines-floor ]; then
    floor="$(node -p 'const m = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(require("./package.json").engines.node); m ? [m[1], m[2] ?? 0, m[3] ?? 0].join(".") : ""')"
    [ -n "$floor" ] || { echo "package.json engines.node is not of the form >=X[.Y[.Z]]: update .ci/pack-smoke.sh" >&2; exit 1; }
    step "install Node $floor, the oldest engines allow"
    mkdir "$work/node-floor"
    (cd "$work/node-floor" && npm install --no-audit --no-fund --silent "node@$floor")
    arg="$work/node-floor/node_modules/.bin/node"
  fi
  NODES+=("$arg")
done

step "npm pack"
tarball="$work/$(npm pack --silent --ignore-scripts --pack-destination "$work" | tail -n 1)"
version="$(node -p 'require("./package.json").version')"
# What a user downloads: no sources, no tests, no action bundle.
listing="$(tar -tzf "$tarball")"
for wanted in package/dist/cli.js package/dist/cli/engine.cjs package/dist/cli/vendor.cjs package/dist/api.js package/dist/types/index.d.ts package/dist/licenses.txt package/evals/evalgate.yml package/LICENSE package/README.md; do
  grep -qx "$wanted" <<<"$listing" || { echo "the tarball lacks $wanted" >&2; exit 1; }
done
if grep -qE '^package/(src|test|bench|\.ci)/|^package/dist/index\.js$' <<<"$listing"; then
  echo "the tarball carries files a user does not need:" >&2
  grep -E '^package/(src|test|bench|\.ci)/|^package/dist/index\.js$' <<<"$listing" | head >&2
  exit 1
fi
echo "$(basename "$tarball"): $(wc -l <<<"$listing") files, $(du -k "$tarball" | cut -f1) KB"

step "install into an empty folder"
app="$work/app"
mkdir "$app"
(cd "$app" && npm install --no-audit --no-fund --silent "$tarball")

# What `npm install evalgate` costs a project: the CLI is a bundle, so only data packages (if any) may
# come along. The limits leave room for two.
MAX_PACKAGES=6
MAX_MB=15
installed="$(cd "$app" && npm ls --all --parseable 2>/dev/null | grep '/node_modules/' || true)"
packages="$(grep -c . <<<"$installed" || true)"
bytes="$(node -e '
  const fs = require("node:fs"), path = require("node:path");
  const size = (dir) => fs.readdirSync(dir, { withFileTypes: true })
    .reduce((sum, e) => sum + (e.isDirectory() ? size(path.join(dir, e.name)) : e.isFile() ? fs.statSync(path.join(dir, e.name)).size : 0), 0);
  console.log(size(process.argv[1]));
' "$app/node_modules")"
mb="$(node -p "($bytes / 1024 / 1024).toFixed(1)")"
echo "npm install <tarball>: $packages packages, $mb MB in node_modules (limits: $MAX_PACKAGES packages, $MAX_MB MB)"
sed 's#.*/node_modules/#  #' <<<"$installed"
[ "$packages" -le "$MAX_PACKAGES" ] || { echo "npm install of the package brings $packages packages (more than $MAX_PACKAGES)" >&2; exit 1; }
node -e "process.exit($bytes <= $MAX_MB * 1024 * 1024 ? 0 : 1)" || { echo "npm install of the package takes $mb MB (more than $MAX_MB MB)" >&2; exit 1; }

for node_bin in "${NODES[@]}"; do
  node_dir="$(cd "$(dirname "$node_bin")" && pwd)"
  node_bin="$node_dir/$(basename "$node_bin")"
  node_version="$("$node_bin" --version)"
  # npx and the bin (sh, then `exec node -- cli.js`) both run on the Node first on PATH.
  run_here() { (cd "$app" && PATH="$node_dir:$PATH" CI=true "$@"); }

  step "Node $node_version: evalgate --version"
  got="$(run_here npx --no-install evalgate --version)"
  [ "$got" = "$version" ] || { echo "evalgate --version printed '$got', expected '$version'" >&2; exit 1; }
  echo "$got"

  step "Node $node_version: evalgate validate (the shipped example suite)"
  run_here npx --no-install evalgate validate -c node_modules/evalgate/evals/evalgate.yml

  step "Node $node_version: npx evalgate demo"
  set +e
  run_here npx --no-install evalgate demo --quiet --no-cache --out "$work/demo-results.json"
  code=$?
  set -e
  # The demo systems make mistakes on purpose: the gate may pass (0) or fail (1); anything else is a bug.
  [ "$code" -le 1 ] || { echo "npx evalgate demo exited $code on Node $node_version" >&2; exit 1; }
  echo "demo exit code: $code"

  step "Node $node_version: the programmatic API"
  run_here node --input-type=module -e '
    import { compare, merge, run, validate, VERSION } from "evalgate";
    for (const [name, f] of Object.entries({ compare, merge, run, validate })) if (typeof f !== "function") throw new Error(`${name} is not exported`);
    const report = await validate("node_modules/evalgate/evals/evalgate.yml");
    const demo = process.argv[1];
    // A run compared with itself under the example suite'"'"'s gate: no change, so the verdict the demo printed.
    const verdict = await compare(demo, demo, { configPath: "node_modules/evalgate/evals/evalgate.yml" });
    if (verdict.suites.length !== report.suites.length) throw new Error(`compare saw ${verdict.suites.length} suites`);
    console.log(`evalgate ${VERSION}: ${report.suites.length} suites valid; the demo results compared with themselves: ${verdict.verdict}`);
  ' "$work/demo-results.json"
done

step "the API's types compile in a consumer project"
cat >"$app/consumer.ts" <<'EOF'
import { compare, type GateVerdict, type Results, validate } from "evalgate";
export async function gate(base: Results, head: Results): Promise<GateVerdict["verdict"]> {
  await validate("evals/evalgate.yml");
  return (await compare(base, head)).verdict;
}
EOF
node node_modules/typescript/bin/tsc --noEmit --strict --skipLibCheck false --module nodenext --moduleResolution nodenext \
  --target es2023 --types node --typeRoots "$PWD/node_modules/@types" "$app/consumer.ts"
echo "consumer.ts compiles against dist/types"
