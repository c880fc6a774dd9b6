# Shared by the scripts in scripts/: find the project, install what a fresh Debian machine lacks.
# Sourced, not run.

set -euo pipefail

OPENMARKET_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
export OPENMARKET_ROOT

# The Debian packages the build needs: headers and pkg-config data for the C libraries that
# SwiftPM's system-library targets link (libedit for the line editor, SQLite for GRDB, libvips
# for thumbnails and photo shrinking, OpenSSL's libcrypto for SHA-256, HMAC and PBKDF2), and
# libchafa's headers for drawing photos in a terminal (the library itself is opened at run time;
# the shell runs without it).
OPENMARKET_SYSTEM_PACKAGES=(pkg-config libedit-dev libsqlite3-dev libvips-dev libchafa-dev libssl-dev)
# What only the tests use: the exported curl and HTTPie commands are run against the bundled
# market (issue 13); locales has the charmaps from which the quoting tests build a GBK locale,
# where bash reads bytes differently (issue 21); man-db and groff-base render the man pages that
# scripts/install writes, and python3 writes them (InstallTests, issue 38); python3-venv holds
# the tools of the OpenAPI checks (scripts/check-openapi).
OPENMARKET_TEST_PACKAGES=(curl httpie locales man-db groff-base python3 python3-venv)

# The release build that scripts/openmarket runs and every benchmark measures: one folder and one
# set of flags, so that neither ever rebuilds over the other. --static-swift-stdlib links the Swift
# runtime, the standard library and Foundation into each binary: the dynamic loader then no longer
# resolves their symbols at every start, which was about a third of the shell's start-up (a
# one-line `openmarket -c` took 30 ms, 21 ms linked this way; docs/benchmarks.md). The tests drive
# the debug build, linked as usual.
OPENMARKET_RELEASE_FOLDER=.build-release
OPENMARKET_RELEASE_BUILD=(-c release --scratch-path "$OPENMARKET_RELEASE_FOLDER" --static-swift-stdlib)

# Builds each named product of the release build (SwiftPM's output on stderr) and prints the
# folder its binaries are in: BIN="$(build_release openmarket openmarket-server)". A failed build
# fails the call (set -e does not reach into a $(…), hence the explicit return).
build_release() {
    local product
    for product in "$@"; do
        swift build "${OPENMARKET_RELEASE_BUILD[@]}" --product "$product" >&2 || return 1
    done
    swift build "${OPENMARKET_RELEASE_BUILD[@]}" --show-bin-path
}

# The wall clock in microseconds, into the variable named $1 (`now_us start`): read by bash
# itself ($EPOCHREALTIME; its point is the locale's), not by a `date` in a `$(…)`, whose fork and
# start (1.8 ms on the project's machine) every timed interval then included.
now_us() { printf -v "$1" '%s' "${EPOCHREALTIME/[.,]/}"; }

_om_as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    else
        echo "error: '$*' needs root; run it as root or install sudo" >&2
        return 1
    fi
}

# Installs each named package that dpkg does not report as installed; updates the package lists
# once, and only when something is missing, so a prepared machine starts at once.
ensure_system_packages() {
    local missing=() package
    for package in "$@"; do
        if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
            missing+=("$package")
        fi
    done
    if [ ${#missing[@]} -eq 0 ]; then
        return 0
    fi
    echo "installing system packages: ${missing[*]}" >&2
    _om_as_root apt-get update -qq
    # --no-install-recommends: libvips-dev recommends hundreds of MB the build never uses.
    _om_as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
}

ensure_swift() {
    if ! command -v swift >/dev/null 2>&1; then
        echo "error: no 'swift' on PATH; install Swift 6.2 or later (https://swift.org/install)" >&2
        exit 1
    fi
}
