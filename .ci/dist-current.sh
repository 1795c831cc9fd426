#!/usr/bin/env bash
# dist/ is committed (the action runs dist/index.js from the tag; a git install of the CLI packs the
# commit as it is, building nothing): rebuild it from the sources and fail if that changes anything.
# Run by .ci/run, the release workflow and `npm publish` (prepublishOnly).
set -euo pipefail
cd "$(dirname "$0")/.."
npm run --silent bundle   # on the Node 24 npm ci installed, as every script
if ! git diff --quiet --ignore-space-at-eol -- dist/ || [ -n "$(git ls-files --others --exclude-standard dist/)" ]; then
  echo "dist/ is stale: run 'npm run bundle' and commit dist/." >&2
  git status --short dist/ >&2
  exit 1
fi
echo "dist/ is the build of these sources"
