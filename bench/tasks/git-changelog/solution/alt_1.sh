#!/bin/bash
# Alternative: git log with grep per group, assembled with shell.
set -euo pipefail
cd /app/shop
tag=$(git describe --tags --abbrev=0)
fmt() { sed -E 's/^([0-9a-f]{7}) [a-z]+(\(([^)]*)\))?!?: (.*)$/- \3: \4 (\1)/; s/^- : /- /'; }
log() { git log --reverse --abbrev=7 --format='%h %s' "$tag"..HEAD; }
breaking=$(log | grep -E '^[0-9a-f]{7} [a-z]+(\([^)]*\))?!: ' | fmt || true)
feats=$(log | grep -E '^[0-9a-f]{7} feat(\([^)]*\))?: ' | fmt || true)
fixes=$(log | grep -E '^[0-9a-f]{7} fix(\([^)]*\))?: ' | fmt || true)
{
  head -n 2 CHANGELOG.md
  printf '## Unreleased\n\n'
  [ -n "$breaking" ] && printf '### Breaking changes\n%s\n\n' "$breaking"
  [ -n "$feats" ] && printf '### Features\n%s\n\n' "$feats"
  [ -n "$fixes" ] && printf '### Fixes\n%s\n\n' "$fixes"
  tail -n +3 CHANGELOG.md
} > CHANGELOG.md.new
mv CHANGELOG.md.new CHANGELOG.md
