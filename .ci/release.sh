#!/usr/bin/env bash
# A release's files, from a vX.Y.Z tag: checks the tag is package.json's version and that dist/ is
# the build of the tagged sources, stamps release.json (repository, tag, commit: what `init
# --workflow` pins the action to when the CLI was installed from this release), packs the tarball
# and writes the release notes. Publishes nothing: .github/workflows/release.yml does, with these files.
# Usage: .ci/release.sh <vX.Y.Z | --dry-run> <out-dir>
#   --dry-run (CI, on every change): the tag package.json's version would have, on HEAD.
set -euo pipefail
cd "$(dirname "$0")/.."

tag="${1:?usage: .ci/release.sh <vX.Y.Z | --dry-run> <out-dir>}"
out="${2:?usage: .ci/release.sh <vX.Y.Z | --dry-run> <out-dir>}"
version="$(node -p 'require("./package.json").version')"
[ "$tag" = --dry-run ] && tag="v$version"
fail() { echo "release: $*" >&2; exit 1; }

[[ "$tag" =~ ^v[0-9]+\.[0-9]+\.[0-9]+$ ]] || fail "tag $tag is not vX.Y.Z"
[ "$tag" = "v$version" ] || fail "tag $tag but package.json says $version: bump the version, commit, tag again"
.ci/dist-current.sh

commit="$(git rev-parse HEAD)"
# The repository the release is published in: Actions names it; elsewhere, package.json's.
repository="${GITHUB_REPOSITORY:-$(node -p 'require("./package.json").repository.url.replace(/^.*github\.com[/:]/, "").replace(/\.git$/, "")')}"
mkdir -p "$out"
trap 'rm -f release.json' EXIT
printf '{ "repository": "%s", "tag": "%s", "commit": "%s" }\n' "$repository" "$tag" "$commit" >release.json
tarball="$out/$(npm pack --silent --ignore-scripts --pack-destination "$out" | tail -n 1)"
tar -xzOf "$tarball" package/release.json | node -e '
  const stamped = JSON.parse(require("node:fs").readFileSync(0, "utf8"));
  if (stamped.commit !== process.argv[1]) throw new Error(`the tarball says commit ${stamped.commit}`);
' "$commit" || fail "the tarball carries no release.json for $commit"

previous="$(git describe --tags --abbrev=0 --match 'v[0-9]*.[0-9]*.[0-9]*' "$commit^" 2>/dev/null || true)"
{
  echo "evalgate $version, commit $commit."
  echo
  echo "- The action: \`uses: $repository@$commit\` (the major tag ${tag%%.*} moves to this release)."
  echo "- The CLI: \`npm install --save-dev https://github.com/$repository/releases/download/$tag/$(basename "$tarball")\`,"
  echo "  or from git, building nothing: \`npm install --save-dev github:$repository#$tag\`."
  echo "  \`evalgate init --workflow\` then pins the action to this commit."
  echo
  echo "Changes${previous:+ since $previous}:"
  git log -n 200 --no-merges --format="- %s" ${previous:+"$previous.."}"$commit"
} >"$out/notes.md"
echo "release $tag: $tarball ($(du -k "$tarball" | cut -f1) KB), $out/notes.md ($(wc -l <"$out/notes.md") lines); $repository@${commit:0:7}"
