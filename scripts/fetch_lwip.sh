#!/usr/bin/env bash
# Fetches lwIP 2.1.3 from Debian's source package into build/third_party/lwip
# (unpacked; the downloaded files stay in build/third_party/lwip-src as the
# cache), without touching the system's apt configuration: a private apt
# directory with one deb-src entry, the same archive and key as the system's.
# Idempotent; needs dpkg-dev (dpkg-source). lwIP is BSD-3-Clause: its COPYING
# ships with what we build (docs/lwip.md).
set -euo pipefail
cd "$(dirname "$0")/.."
dest=build/third_party/lwip
[ -f "$dest/src/core/tcp.c" ] && exit 0
cache=build/third_party/lwip-src
apt_dir=$PWD/build/third_party/apt
mkdir -p "$cache" "$apt_dir/sources" "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial"
uri=$(awk '/^URIs:/ && !/security/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
key=$(awk '/^Signed-By:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
cat > "$apt_dir/sources/lwip.sources" <<SRC
Types: deb-src
URIs: ${uri:-http://deb.debian.org/debian}
Suites: bookworm
Components: main
Signed-By: ${key:-/usr/share/keyrings/debian-archive-keyring.gpg}
SRC
apt_opts=(-o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts="$apt_dir/sources"
          -o Dir::State::Lists="$apt_dir/lists" -o Dir::Cache="$apt_dir/cache")
# As root, apt downloads as its sandbox user, who may not write our directory.
[ "$(id -u)" -eq 0 ] && apt_opts+=(-o APT::Sandbox::User=root)
if ! ls "$cache"/lwip_2.1.3*.dsc >/dev/null 2>&1; then
  apt-get "${apt_opts[@]}" update -qq
  (cd "$cache" && apt-get "${apt_opts[@]}" source --download-only -qq lwip=2.1.3+dfsg1-2)
fi
rm -rf "$dest.tmp"
dpkg-source --no-check -x "$(ls "$cache"/lwip_2.1.3*.dsc | head -1)" "$dest.tmp" >/dev/null
mv "$dest.tmp" "$dest"
