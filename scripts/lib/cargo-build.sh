# Sourced by scripts/test, scripts/web-test and scripts/cluster-test: the one cargo selection
# every test step builds with. Cargo resolves features per selection (`-p xiangqi-server`
# alone leaves out the tools crate's HTTP client and the WebAssembly crate's features), so a
# narrower selection would compile the server and its dependencies a second time; with one
# selection the later steps reuse what `cargo test` built.

# apt_install, for jq below.
source "$(dirname "${BASH_SOURCE[0]}")/apt.sh"

# The selection: every crate, optimised (profile `ci` in Cargo.toml: release without
# link-time optimisation; the perft tables then run to their full depths), with the
# WebAssembly crate's optional engine and games.
CARGO_SELECTION=(--workspace --profile ci --features xiangqi-wasm/engine,xiangqi-wasm/games)

# Tests run eight at a time (libtest's RUST_TEST_THREADS; a caller's own value wins, and
# an explicit --test-threads overrides it). Most of the server's and the CLI's tests wait
# on sockets, child processes and timers rather than on a core, so the default of one test
# per core left the two cores of the CI machine mostly idle: on it the server's 144
# integration tests took 46.9 s one per core and 14.4 s eight at a time, and the whole
# Rust test step 101 s against 61 s.
export RUST_TEST_THREADS="${RUST_TEST_THREADS:-8}"

# The server binary that selection builds.
SELECTION_BIN="$PWD/target/ci/xiangqi"

# Builds every test and binary of the selection (nothing when `cargo test` already has);
# the server binary is then $SELECTION_BIN.
build_selection() {
    cargo test "${CARGO_SELECTION[@]}" --no-run
}

# Installs jq with apt when it is missing (scripts/cluster-test calls it among its installs,
# before scripts/test runs it beside the browser tests).
need_jq() {
    if ! command -v jq >/dev/null 2>&1; then
        echo "== installing jq"
        apt_install jq
    fi
}

# Prints the path of each test executable of the package whose manifest is
# crates/$1/Cargo.toml (one per line: its unit tests and each integration test), as built by
# `build_selection`, read from cargo's JSON messages with jq (installed with apt when
# missing). Cargo is asked once per script; later calls reuse its answer.
CARGO_ARTIFACTS=
test_executables() {
    need_jq
    if [ -z "$CARGO_ARTIFACTS" ]; then
        CARGO_ARTIFACTS=$(cargo test "${CARGO_SELECTION[@]}" --no-run --message-format=json)
    fi
    jq -r --arg manifest "/crates/$1/Cargo.toml" \
        'select(.reason == "compiler-artifact" and .profile.test and .executable != null
                and (.manifest_path | endswith($manifest))) | .executable' \
        <<<"$CARGO_ARTIFACTS"
}

# Runs the test executables of crates/$1 whose file name starts with $2 (`-` for all of
# them) from that crate's directory, as `cargo test` does, with the remaining arguments.
run_tests() {
    local crate=$1 prefix=$2 exe found=
    shift 2
    local executables
    executables=$(test_executables "$crate")
    while read -r exe; do
        [ -n "$exe" ] || continue
        if [ "$prefix" != "-" ] && [[ "$(basename "$exe")" != "$prefix"-* ]]; then
            continue
        fi
        found=1
        echo "-- $(basename "$exe") $*"
        (cd "crates/$crate" && "$exe" "$@")
    done <<<"$executables"
    if [ -z "$found" ]; then
        echo "no test executable of crates/$crate matches '$prefix'" >&2
        return 1
    fi
}
