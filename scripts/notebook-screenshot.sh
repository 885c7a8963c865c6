#!/usr/bin/env bash
# Screenshot of some cells of an executed notebook, as a repository page or
# Jupyter would show them: the README's picture of a notebook.
#
#   scripts/notebook-screenshot.sh NOTEBOOK.ipynb FIRST LAST OUT.png [WIDTH [HEIGHT]]
#
# keeps cells FIRST..LAST (0-based, inclusive) of the notebook with their
# outputs, renders them to HTML with Jupyter's nbconvert and takes a
# screenshot of the top of the page with headless Chromium (Debian's
# chromium, which `make setup` installs), WIDTH x HEIGHT pixels (default
# 1000 x 1400). Nothing is executed: the outputs are those the notebook
# holds.
# Example: scripts/notebook-screenshot.sh notebooks/04-graph-condensation.ipynb 9 11 docs/notebook-04.png
set -euo pipefail

if [ $# -lt 4 ]; then
  sed -n '2,13p' "$0" >&2
  exit 2
fi
nb=$1 first=$2 last=$3 out=$4 width=${5:-1000} height=${6:-1400}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

/usr/bin/python3 - "$nb" "$first" "$last" "$tmp/cells.ipynb" <<'PY'
import json, sys
path, first, last, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
with open(path) as f:
    nb = json.load(f)
if not 0 <= first <= last < len(nb["cells"]):
    sys.exit(f"cells {first}..{last}: {path} has {len(nb['cells'])} cells (0..{len(nb['cells']) - 1})")
nb["cells"] = nb["cells"][first:last + 1]
nb["metadata"].setdefault("language_info", {})["pygments_lexer"] = "go"
with open(out, "w") as f:
    json.dump(nb, f)
PY
/usr/bin/jupyter nbconvert --to html --output-dir "$tmp" "$tmp/cells.ipynb" >/dev/null 2>&1

export XDG_CONFIG_HOME=$tmp/config XDG_CACHE_HOME=$tmp/cache
flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking
  --disable-component-update --disable-sync --hide-scrollbars --user-data-dir="$tmp/profile")
chromium "${flags[@]}" --window-size="$width,$height" --virtual-time-budget=5000 \
  --screenshot="$out" "file://$tmp/cells.html" >/dev/null 2>&1
echo "wrote $out ($width x $height)"
