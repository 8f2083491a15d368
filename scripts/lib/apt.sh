# Sourced by the scripts that install what they need from Debian's packages on a fresh
# machine: build-wasm and anchors directly, the test scripts through cargo-build.sh.

# Runs a command as root: directly when the script runs as root, else through sudo.
as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# Installs the Debian packages named, without questions; the package lists are brought up to
# date first, once per script however many installs it makes.
APT_UPDATED=
apt_install() {
    if [ -z "$APT_UPDATED" ]; then
        as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
        APT_UPDATED=1
    fi
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@"
}
