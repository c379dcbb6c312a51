#!/usr/bin/env bash
# qishe for Windows, built, tested and packaged on Debian: mingw-w64 links
# the x86_64-pc-windows-gnu target, wine runs it (README, Development).
#
#   scripts/windows.sh build          target/x86_64-pc-windows-gnu/release/qishe.exe
#   scripts/windows.sh test [ARGS…]   the library and integration tests under wine;
#                                     ARGS go to `cargo test` instead of `--lib --test it`
#   scripts/windows.sh run ARGS…      the release qishe.exe under wine
#   scripts/windows.sh package        target/dist/qishe-VERSION-windows-x86_64.zip,
#                                     then unpacks it and runs the unpacked exe
#   scripts/windows.sh compare [QISHE] the Linux build (default target/debug/qishe)
#                                     and qishe.exe give byte-identical output;
#                                     a closed pipe ends qishe.exe quietly
#   scripts/windows.sh ci             what .ci/run runs: build, the integration
#                                     tests of what differs on Windows, package
#                                     and compare
#
# Toolchain: the rustup target when `rustup target add` answers, else
# Debian's rustc-web, cargo-web and rust-web-src building the standard
# library for the target (-Zbuild-std, RUSTC_BOOTSTRAP=1).
# QISHE_WINDOWS_TOOLCHAIN=debian (or rustup) picks one. Missing Debian
# packages are installed with apt-get (as root, or through sudo).
#
# Wine: its prefix lives in target/wine/prefix. Wine 8 (Debian 12) lacks
# bcryptprimitives.dll, whose ProcessPrng every Rust program since 1.78
# calls at start; a stub (scripts/windows/process_prng.c, built with mingw)
# is placed in the prefix. Wine 8's console does not interpret VT
# sequences, so the TUI and the pty tests are not run under wine.
set -euo pipefail
# `run` works in the caller's folder: relative paths in its ARGS are theirs.
CALLER_DIR=$PWD
cd "$(dirname "$0")/.."
ROOT=$PWD
TARGET=x86_64-pc-windows-gnu
TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}
WINE_HOME=$TARGET_DIR/wine
WINE=/usr/lib/wine/wine64
WINESERVER=/usr/lib/wine/wineserver
export WINEPREFIX=$WINE_HOME/prefix
export WINEARCH=win64
export WINEDEBUG=${WINEDEBUG:--all}
# The stub before any built-in bcryptprimitives; no Mono or Gecko dialogs.
export WINEDLLOVERRIDES="bcryptprimitives=n,b;mscoree=;mshtml="
# Wine turns the Unix arguments into the Windows command line by the
# locale's character set: UTF-8, so Chinese arguments arrive as typed
# (qishe's language follows LANG, LC_MESSAGES or LC_ALL, not LC_CTYPE).
export LC_CTYPE=C.UTF-8
# No incremental builds for the target: rustc's incremental objects of the
# opt-level 1 test build were seen to leave `anon.….llvm.…` symbols
# undefined at mingw's link after a change; a cross build is not iterated on.
export CARGO_INCREMENTAL=0

say() { printf 'windows.sh: %s\n' "$*" >&2; }
die() {
    say "$*"
    exit 1
}

as_root() {
    if [ "$(id -u)" = 0 ]; then
        "$@"
    elif command -v sudo >/dev/null; then
        sudo "$@"
    else
        die "root is needed to run: $*"
    fi
}

# Installs the Debian packages named that are not installed yet.
ensure_packages() {
    local missing=() p
    for p in "$@"; do
        dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' ||
            missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    say "installing ${missing[*]}"
    as_root apt-get update -q
    as_root env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -q --no-install-recommends "${missing[@]}"
}

CARGO=()
BUILD_STD=()

use_rustup() {
    command -v rustup >/dev/null || return 1
    if ! rustup target list --installed 2>/dev/null | grep -qx "$TARGET"; then
        timeout 600 rustup target add "$TARGET" >&2 || return 1
    fi
    CARGO=(cargo)
    BUILD_STD=()
    say "toolchain: rustup ($(rustc --version))"
}

use_debian() {
    ensure_packages rustc-web cargo-web rust-web-src
    [ -d /usr/lib/rustlib/src/rust/library ] || die "rust-web-src gave no /usr/lib/rustlib/src/rust/library"
    CARGO=(env RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc RUSTC_BOOTSTRAP=1 /usr/bin/cargo)
    BUILD_STD=(-Zbuild-std)
    say "toolchain: Debian ($(/usr/bin/rustc --version)), std built for the target"
}

toolchain() {
    [ ${#CARGO[@]} -gt 0 ] && return 0
    ensure_packages gcc-mingw-w64-x86-64
    case "${QISHE_WINDOWS_TOOLCHAIN:-auto}" in
    rustup) use_rustup || die "rustup cannot give the $TARGET target" ;;
    debian) use_debian ;;
    auto) use_rustup || use_debian ;;
    *) die "QISHE_WINDOWS_TOOLCHAIN is auto, rustup or debian" ;;
    esac
}

# The wine prefix with the ProcessPrng stub in its system32.
wine_ready() {
    ensure_packages wine64 gcc-mingw-w64-x86-64
    local stub=$WINE_HOME/bcryptprimitives.dll
    local src=$ROOT/scripts/windows/process_prng.c
    if [ ! -f "$stub" ] || [ "$src" -nt "$stub" ]; then
        mkdir -p "$WINE_HOME"
        x86_64-w64-mingw32-gcc -O2 -shared -s -o "$stub" "$src" -ladvapi32
    fi
    local sys32=$WINEPREFIX/drive_c/windows/system32
    if [ ! -d "$sys32" ]; then
        say "creating the wine prefix $WINEPREFIX"
        mkdir -p "$WINEPREFIX"
        "$WINE" wineboot --init >/dev/null 2>&1 || true
        "$WINESERVER" -w
        [ -d "$sys32" ] || die "wineboot made no prefix in $WINEPREFIX"
    fi
    cmp -s "$stub" "$sys32/bcryptprimitives.dll" || cp "$stub" "$sys32/bcryptprimitives.dll"
    # Temporary folders on drive Z: (wine's view of the Unix root), as the
    # checkout is: the tests hand Unix paths (/work/…/tests/it/data,
    # ../shared, fonts) to a qishe started in a temporary folder, and
    # Windows reads such a path on the current folder's drive.
    local tmp=$WINE_HOME/tmp win_tmp
    if [ ! -f "$WINE_HOME/tmp.set" ]; then
        mkdir -p "$tmp"
        win_tmp="Z:$(printf '%s' "$tmp" | tr / '\\')"
        for v in TEMP TMP; do
            "$WINE" reg add 'HKCU\Environment' /v "$v" /t REG_SZ /d "$win_tmp" /f >/dev/null 2>&1
        done
        "$WINESERVER" -w
        touch "$WINE_HOME/tmp.set"
    fi
    mkdir -p "$tmp"
}

exe() { echo "$TARGET_DIR/$TARGET/release/qishe.exe"; }

build() {
    toolchain
    local t0=$SECONDS
    "${CARGO[@]}" build --locked --release --target "$TARGET" "${BUILD_STD[@]}" --bin qishe
    say "built $(exe) ($(du -h "$(exe)" | cut -f1)) in $((SECONDS - t0)) s"
}

run_tests() {
    toolchain
    wine_ready
    local args=("$@")
    [ ${#args[@]} -eq 0 ] && args=(--lib --test it)
    local t0=$SECONDS status=0
    # The release profile: the tests then reuse every dependency `build`
    # compiled for qishe.exe, where the test profile (qishe at opt-level 0, its
    # dependencies at 2) compiles them all again for the target; and the
    # integration tests run the very qishe.exe that `package` ships.
    CARGO_TARGET_X86_64_PC_WINDOWS_GNU_RUNNER=$WINE \
        "${CARGO[@]}" test --locked --no-fail-fast --release --target "$TARGET" "${BUILD_STD[@]}" "${args[@]}" ||
        status=$?
    "$WINESERVER" -k 2>/dev/null || true
    say "tests under wine: exit $status after $((SECONDS - t0)) s"
    return $status
}

run_exe() {
    [ -x "$(exe)" ] || build
    wine_ready
    local status=0
    (cd "$CALLER_DIR" && "$WINE" "$(exe)" "$@") || status=$?
    return $status
}

package() {
    build
    wine_ready
    ensure_packages zip unzip
    local version
    version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n1)
    local name=qishe-$version-windows-x86_64
    local dist=$TARGET_DIR/dist
    local stage=$dist/$name
    rm -rf "$stage" "$dist/$name.zip"
    mkdir -p "$stage"
    cp "$(exe)" "$stage/qishe.exe"
    # The sample config, its database left to the default (the user's
    # AppData, which a new version unpacked elsewhere finds again).
    # Its language too, left to Windows' display language (繁體 for
    # Taiwan, Hong Kong and Macao, 简体 for other Chinese, else English);
    # the sample's zh-Hans would give everyone 简体.
    grep -q '^database = "club.db"$' config.toml || die "config.toml: no database line to comment out"
    grep -q '^language = ' config.toml || die "config.toml: no language line to comment out"
    sed -e 's/^database = "club.db"$/# database = "club.db"/' \
        -e 's/^language = /# language = /' config.toml >"$stage/config.toml"
    sed "s/@VERSION@/$version/g" scripts/windows/README.txt >"$stage/README.txt"
    # Windows' Notepad and consoles read CRLF text best.
    sed -i 's/$/\r/' "$stage/config.toml" "$stage/README.txt"
    (cd "$dist" && zip -q -r -X "$name.zip" "$name")
    rm -rf "$stage"
    # The zip, unpacked elsewhere, gives a working program.
    local check
    check=$(mktemp -d)
    unzip -q "$dist/$name.zip" -d "$check"
    (cd "$check/$name" && "$WINE" ./qishe.exe --version) ||
        die "the unpacked qishe.exe does not run"
    # Its config found beside it, the language left to the system: a bad
    # input in an English locale is answered in English.
    local said
    said=$(cd "$check/$name" && LANG=en_US.UTF-8 "$WINE" ./qishe.exe --db "$check/t.db" player add "" 2>&1) || true
    case $said in
    *name*) ;;
    *) die "the unpacked qishe.exe in an English locale said: $said" ;;
    esac
    rm -rf "$check"
    say "wrote $dist/$name.zip ($(du -h "$dist/$name.zip" | cut -f1))"
}

# The same commands through the Linux build ($1, default target/debug/qishe,
# built if missing) and qishe.exe under wine, on a demo club each built
# itself: stdout, stderr and exit status must be byte for byte the same.
# Then a closed pipe must end qishe.exe quietly.
compare() {
    local linux=${1:-$TARGET_DIR/debug/qishe}
    [ -x "$(exe)" ] || build
    if [ ! -x "$linux" ]; then
        cargo build --locked --bin qishe
    fi
    wine_ready
    local work
    work=$(mktemp -d)
    mkdir -p "$work/linux" "$work/windows"
    local diffs=0 n=0
    # one ARGS…: runs both, each in its own folder (no config.toml there).
    one() {
        n=$((n + 1))
        local l=$work/linux w=$work/windows ls=0 ws=0
        (cd "$l" && env LANG=zh_CN.UTF-8 "$linux" "$@" >"$l/out" 2>"$l/err") || ls=$?
        (cd "$w" && env LANG=zh_CN.UTF-8 "$WINE" "$(exe)" "$@" >"$w/out" 2>"$w/err") || ws=$?
        if [ $ls != $ws ] || ! cmp -s "$l/out" "$w/out" || ! cmp -s "$l/err" "$w/err"; then
            diffs=$((diffs + 1))
            say "DIFFERENT: qishe $* (exit $ls / $ws)"
            diff "$l/out" "$w/out" | head -n 10 >&2 || true
            diff "$l/err" "$w/err" | head -n 10 >&2 || true
        fi
    }
    unset LC_ALL LC_MESSAGES
    one demo demo.db
    local db=(--db demo.db) e f k
    for f in text csv json; do one "${db[@]}" player list --format "$f"; done
    one "${db[@]}" event list
    for e in 1 2; do
        one "${db[@]}" event show "$e"
        one "${db[@]}" round show "$e"
        for f in text csv json; do one "${db[@]}" standings "$e" --format "$f"; done
        for k in pairings slips standings crosstable checkin; do
            for f in text html; do one "${db[@]}" print "$k" "$e" --format "$f"; done
        done
        one "${db[@]}" print standings "$e" --format csv
        one "${db[@]}" print standings "$e" --lang en
        one "${db[@]}" export trf "$e"
    done
    one "${db[@]}" ratings
    one "${db[@]}" stats
    one "${db[@]}" player show 1
    one "${db[@]}" check
    one "${db[@]}" nonsense
    one "${db[@]}" standings 不存在的比赛
    # PDFs: the same text (pdftotext) from both builds.
    local pdfs=0
    if command -v pdftotext >/dev/null; then
        for k in pairings standings crosstable; do
            one "${db[@]}" print "$k" 1 --format pdf -o "$k.pdf"
            pdfs=$((pdfs + 1))
            pdftotext -layout "$work/linux/$k.pdf" "$work/linux/$k.txt" 2>/dev/null || true
            pdftotext -layout "$work/windows/$k.pdf" "$work/windows/$k.txt" 2>/dev/null || true
            if ! grep -q '[^[:space:]]' "$work/linux/$k.txt" ||
                ! cmp -s "$work/linux/$k.txt" "$work/windows/$k.txt"; then
                diffs=$((diffs + 1))
                say "DIFFERENT: the text of print $k 1 --format pdf"
            fi
        done
    fi
    local trf cases=0
    for trf in "${QISHE_SHARED:-$ROOT/../shared}"/conformance/dutch/*.trf; do
        [ -f "$trf" ] || continue
        cases=$((cases + 1))
        one pair-trf "$trf" -p
    done
    say "compared $n commands ($cases pair-trf cases, the text of $pdfs PDFs): $diffs different"
    # A closed pipe: the reader is gone before qishe.exe writes.
    local status=0
    (cd "$work/windows" && "$WINE" "$(exe)" "${db[@]}" player list 2>"$work/pipe.err" | true) || status=$?
    if [ -s "$work/pipe.err" ]; then
        diffs=$((diffs + 1))
        say "a closed pipe is not quiet:"
        cat "$work/pipe.err" >&2
    fi
    say "a closed pipe ends qishe.exe quietly"
    no_printer "$work/windows" || diffs=$((diffs + 1))
    double_click "$work" "$linux" || diffs=$((diffs + 1))
    "$WINESERVER" -k 2>/dev/null || true
    disk_full "$work" || diffs=$((diffs + 1))
    rm -rf "$work"
    [ $diffs -eq 0 ] || die "$diffs differences"
}

# A double click: qishe.exe without arguments, alone on a console (wine's,
# on the pseudo-terminal `script` gives it), makes the default club in the
# user's roaming AppData (`directories`: %APPDATA%\qishe\data\club.db),
# opens the TUI on it and ends on `q`. Wine 8's console garbles the TUI's
# screen, so what is checked is the club made there and the exit. A club
# the prefix already has is put aside and back.
double_click() {
    local d=$1 linux=$2 appdata data status=0 keys i
    appdata=$("$WINE" cmd /c 'echo %APPDATA%' 2>/dev/null | tr -d '\r')
    data=$("$WINE" winepath -u "$appdata\\qishe\\data" 2>/dev/null) || true
    if [ -z "$appdata" ] || [ -z "$data" ]; then
        say "double click: wine names no %APPDATA%"
        return 1
    fi
    mkdir -p "$d/click"
    [ -e "$data" ] && mv "$data" "$d/click/aside"
    mkfifo "$d/click/keys"
    (cd "$d/click" && LANG=en_US.UTF-8 TERM=xterm timeout 180 \
        script -qec "'$WINE' '$(exe)'" /dev/null <"$d/click/keys" >"$d/click/screen" 2>&1) &
    local pid=$!
    exec {keys}>"$d/click/keys"
    for i in $(seq 120); do
        [ -s "$data/club.db" ] && break
        sleep 1
    done
    # The TUI reads keys once it has drawn; `q` on its first screen quits.
    sleep 5
    printf q >&"$keys"
    wait "$pid" || status=$?
    exec {keys}>&-
    local made=no verdict=
    if [ -s "$data/club.db" ]; then
        made=yes
        verdict=$("$linux" --db "$data/club.db" check 2>&1) || true
    fi
    rm -rf "$data"
    [ -e "$d/click/aside" ] && mv "$d/click/aside" "$data"
    if [ $made != yes ] || [ "$verdict" != ok ] || [ $status != 0 ]; then
        say "a double click did not open the default club $appdata\\qishe\\data\\club.db and quit on q (made: $made, check: $verdict, exit $status)"
        return 1
    fi
    say "a double click opens the default club $appdata\\qishe\\data\\club.db and quits on q"
}

# Nothing that can print: `print --printer` fails and names the PDF it
# kept, which is there. Wine's powershell.exe is a stub that exits 0 (so
# under wine `--printer` seems to work); it is disabled here, as is the
# explorer.exe that would open the PDF.
no_printer() {
    local d=$1 status=0 pdf
    (cd "$d" && WINEDLLOVERRIDES="$WINEDLLOVERRIDES;powershell.exe=d;explorer.exe=d" LANG=en_US.UTF-8 \
        "$WINE" "$(exe)" --db demo.db print standings 1 --printer >"$d/print.out" 2>"$d/print.err") ||
        status=$?
    pdf=$(sed -n 's/.*the PDF was written to \([A-Za-z]:.*\.pdf\): .*/\1/p' "$d/print.err")
    if [ $status != 1 ] || [ -z "$pdf" ] || [ ! -s "$("$WINE" winepath -u "$pdf" 2>/dev/null)" ]; then
        say "with nothing to print on, --printer does not name a kept PDF (exit $status):"
        cat "$d/print.err" >&2
        return 1
    fi
    say "nothing to print on: --printer names the PDF it kept ($pdf)"
}

# A full disk (a 1 MB tmpfs in a private mount namespace, filled up): qishe.exe
# reads, and a write or an output says the disk is full (GetDiskFreeSpaceExW),
# never read-only or damaged. Skipped where no mount namespace can be made.
disk_full() {
    local d=$1/full status=0
    if ! unshare -m true 2>/dev/null; then
        say "skipped: no private mount namespace here (full disk)"
        return 0
    fi
    mkdir -p "$d/t"
    (cd "$d" && "$WINE" "$(exe)" --db club.db player add A >/dev/null)
    # The wineserver started in the namespace must be the one that sees the
    # tmpfs: none may be running outside.
    "$WINESERVER" -w
    unshare -m sh -c '
        d=$1 wine=$2 server=$3 exe=$4
        mount -t tmpfs -o size=1m tmpfs "$d/t" || exit 77
        cp "$d/club.db" "$d/t/club.db"
        dd if=/dev/zero of="$d/t/filler" bs=4k 2>/dev/null
        cd "$d/t"
        run() { LANG=en_US.UTF-8 "$wine" "$exe" --db club.db "$@"; }
        step=0
        run player list >"$d/list" 2>&1 || step=1
        run player add B >"$d/add" 2>&1 && step=2
        run player export -o out.csv >"$d/out" 2>&1 && step=3
        [ -e out.csv ] && step=4
        "$server" -k
        exit $step
    ' sh "$d" "$WINE" "$WINESERVER" "$(exe)" || status=$?
    if [ $status = 77 ]; then
        say "skipped: no tmpfs could be mounted here (full disk)"
        return 0
    fi
    if [ $status != 0 ] || ! grep -q 'disk full' "$d/add" || ! grep -q 'disk full' "$d/out"; then
        say "a full disk is not reported as such (step $status):"
        cat "$d/list" "$d/add" "$d/out" >&2 || true
        return 1
    fi
    say "a full disk: qishe.exe reads, and says 'disk full' for a write and an output"
}

# The integration tests .ci/run runs under wine (test name filters): what
# differs on Windows — Chinese file names, the config beside the program,
# paths shown with the platform's separator (platform), files that cannot
# be written, links to the database, full disks, backups and restores
# (reliability_fs, reliability_cli, hostile::files, hostile::restore,
# archive_cli), the PDF (print_pdf), the Chinese command line (cli_zh),
# the games export's files (games_export_cli: a CSV with a BOM, a file
# refused unless --force).
# All of tests/it (about 511 tests, some 16 a minute under wine) is more
# than CI may spend: `scripts/windows.sh test` runs it by hand.
CI_IT=(platform:: reliability_fs:: reliability_cli:: hostile::files:: hostile::restore::
    archive_cli:: print_pdf:: cli_zh:: games_export_cli::)

# .ci/run's Windows part: the exe, the chosen integration tests, the zip
# and the comparison with the Linux build. The library's tests (450, 40 s
# under wine) are left to `scripts/windows.sh test`: compiling the library
# a third time, with its tests, cost 12 min of CPU here, more than the rest.
ci() {
    local t0=$SECONDS
    # Only the modules of tests/it that it runs (tests/it/main.rs): set for
    # the exe's build too, so the tests reuse its dependencies.
    export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_RUSTFLAGS="--cfg qishe_windows_ci"
    build
    run_tests --test it -- "${CI_IT[@]}"
    package
    compare
    say "ci: the Windows part took $((SECONDS - t0)) s"
}

case "${1:-}" in
build) build ;;
ci) ci ;;
test)
    shift
    run_tests "$@"
    ;;
run)
    shift
    run_exe "$@"
    ;;
package) package ;;
compare)
    shift
    compare "$@"
    ;;
*)
    sed -n '2,16s/^# \{0,1\}//p' "$0" >&2
    exit 2
    ;;
esac
