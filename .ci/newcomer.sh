#!/usr/bin/env bash
# A newcomer's first hour, as a user gets evalgate: the packed tarball installed into an empty git
# repository, run on the Node given (CI: 22.0.0, the oldest engines allows). init --workflow,
# validate, a run against the demo targets, baseline save, then a planted regression (the agent's
# max-tokens cut in the config init wrote) must fail the gate, exit 1, naming the regressed cases;
# init again must exit 2 and change nothing.
# Usage: .ci/newcomer.sh [node-binary]   (default: the node on PATH; dist/ must be built)
set -euo pipefail
cd "$(dirname "$0")/.."

node_bin="${1:-$(command -v node)}"
node_dir="$(cd "$(dirname "$node_bin")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

step() { printf '\n== newcomer: %s\n' "$*"; }
fail() { echo "newcomer: $*" >&2; exit 1; }

step "npm pack (dist/ as built), installed into an empty git repository"
tarball="$work/$(npm pack --silent --ignore-scripts --pack-destination "$work" | tail -n 1)"
repo="$work/repo"
mkdir "$repo"
(cd "$repo" && git init -q && npm init -y >/dev/null && npm install --no-audit --no-fund --silent "$tarball")

# The installed bin on the Node under test, with no key and no CI identity of this repository's own.
evalgate() {
  (cd "$repo" && env -u OPENAI_API_KEY -u ANTHROPIC_API_KEY -u GITHUB_ACTIONS PATH="$node_dir:$PATH" ./node_modules/.bin/evalgate "$@")
}
echo "Node $("$node_bin" --version), evalgate $(evalgate --version)"

step "evalgate init --workflow"
evalgate init --workflow
for file in evals/evalgate.yml evals/judged/prompts.csv .github/workflows/evals.yml .gitignore; do
  [ -f "$repo/$file" ] || fail "init did not write $file"
done

step "evalgate validate (no key set: warnings, exit 0)"
evalgate validate

step "evalgate demo -c evals/evalgate.yml: the new suite against the demo targets"
evalgate demo -c evals/evalgate.yml --quiet

step "evalgate baseline save"
evalgate baseline save
[ -f "$repo/evals/baseline.json" ] || fail "baseline save wrote no evals/baseline.json"

step "a planted regression: the agent's max-tokens cut from 400 to 8 in evals/evalgate.yml"
sed -i.bak 's/max-tokens: 400/max-tokens: 8/' "$repo/evals/evalgate.yml" && rm "$repo/evals/evalgate.yml.bak"
grep -q "max-tokens: 8" "$repo/evals/evalgate.yml" || fail "the config init wrote has no max-tokens: 400"
set +e
out="$(evalgate demo -c evals/evalgate.yml 2>&1)"
code=$?
set -e
echo "$out"
[ "$code" -eq 1 ] || fail "the regressed run exited $code, not 1"
grep -Eq '↓ .+ +1 → [0-9.]+ +evals/judged/prompts\.csv:[0-9]+' <<<"$out" || fail "the regressed run named no regressed case with its file:line"

step "evalgate init again: exit 2, nothing replaced"
before="$(cd "$repo" && cat evals/evalgate.yml .github/workflows/evals.yml evals/judged/prompts.csv .gitignore | cksum)"
set +e
again="$(evalgate init --workflow 2>&1)"
code=$?
set -e
echo "$again"
[ "$code" -eq 2 ] || fail "a second init exited $code, not 2"
grep -q "evals/evalgate.yml" <<<"$again" || fail "a second init did not name evals/evalgate.yml"
after="$(cd "$repo" && cat evals/evalgate.yml .github/workflows/evals.yml evals/judged/prompts.csv .gitignore | cksum)"
[ "$before" = "$after" ] || fail "a second init changed a file"
echo "newcomer: every step as expected"
