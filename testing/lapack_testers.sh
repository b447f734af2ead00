#!/bin/sh
# lapack_testers.sh -- run Reference-LAPACK's own linear-equation testers
# (TESTING/LIN: xlintsts, xlintstd, xlintstc, xlintstz) for the Cholesky
# family against kblasf.
#
# Usage: testing/lapack_testers.sh LAPACK_SRC_DIR KBLASF_LIBDIR [precisions]
#
#   LAPACK_SRC_DIR  a Reference-LAPACK source tree (best: the release that
#                   matches the system liblapack, e.g. v3.11.0 for Debian 12)
#   KBLASF_LIBDIR   directory holding libkblasf.so (e.g. a build's .libs)
#   precisions      any of s d c z (default "s d c z"; "dz" or "d,z" work too)
#
# What it does, all out of tree (nothing is written into LAPACK_SRC_DIR, and
# nothing is copied from LAPACK into kblasf):
#   1. compiles TESTING/MATGEN into BUILD_DIR/libtmglib.a;
#   2. compiles the TESTING/LIN objects of each precision (the object lists
#      are read from LAPACK's own TESTING/LIN/Makefile, so the testers' own
#      ILAENV/XLAENV override and XERBLA are linked as the testers expect);
#   3. links each xlintst? as: LIN objects, libtmglib.a,
#      -lkblasf (before, and forced needed), then $LAPACK_LIBS (default
#      "-llapack -lblas"), so the ?POTRF/?POTRS/?POTRI/?TRTRI/?LAUUM/?POSV
#      calls of the testers and of liblapack resolve to kblasf;
#   4. runs each tester on an input derived from TESTING/?test.in (same sizes,
#      NB, NX and threshold; only the paths in $PATHS, default "PO PP PS TR"),
#      twice: with KBLASF_OFFLOAD unset and with KBLASF_OFFLOAD=always;
#   5. prints the summary lines and exits non-zero on any failure (a test
#      ratio over the threshold, a failed error-exit test, an unexpected
#      XERBLA/INFO message, a crash, or a tester that did not reach the end).
#
# Environment: BUILD_DIR (default: a new mktemp -d directory, kept), JOBS
# (parallel compiles, default 2), FC (gfortran), FFLAGS (-O2 -frecursive),
# LAPACK_LIBS (-llapack -lblas), PATHS (PO PP PS TR), MODES ("default always").
# Outputs and logs stay in BUILD_DIR: <p>_<mode>.out, <p>_<mode>.err.

set -eu

if [ $# -lt 2 ] || [ $# -gt 3 ]; then
    sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi

SRC=$(cd "$1" && pwd)
LIBDIR=$(cd "$2" && pwd)
PRECS=$(printf '%s' "${3:-s d c z}" | tr -c 'sdczSDCZ' ' ' | tr 'SDCZ' 'sdcz' |
        sed 's/\([sdcz]\)/\1 /g')
FC=${FC:-gfortran}
FFLAGS=${FFLAGS:-"-O2 -frecursive"}
FFLAGS_NOOPT=${FFLAGS_NOOPT:-"-O0 -frecursive"}
LAPACK_LIBS=${LAPACK_LIBS:-"-llapack -lblas"}
PATHS=${PATHS:-"PO PP PS TR"}
JOBS=${JOBS:-2}

[ -f "$SRC/TESTING/LIN/Makefile" ] && [ -f "$SRC/TESTING/MATGEN/Makefile" ] ||
    { echo "$SRC: not a Reference-LAPACK source tree" >&2; exit 2; }
[ -e "$LIBDIR/libkblasf.so" ] ||
    { echo "$LIBDIR: no libkblasf.so" >&2; exit 2; }

BUILD_DIR=${BUILD_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/kblasf-lapack-testers.XXXXXX")}
mkdir -p "$BUILD_DIR/matgen" "$BUILD_DIR/lin"
BUILD_DIR=$(cd "$BUILD_DIR" && pwd)
echo "== build dir: $BUILD_DIR"
echo "== LAPACK source: $SRC$(git -C "$SRC" describe --tags 2>/dev/null | sed 's/^/ (/;s/$/)/' || true)"

# A minimal make.inc, only so that LAPACK's Makefiles can be read for their
# object lists (they `include $(TOPSRCDIR)/make.inc`).
printf 'FC = %s\nFFLAGS = %s\n' "$FC" "$FFLAGS" > "$BUILD_DIR/make.inc"
printf 'print: ; @echo $(foreach v,$(VARS),$($(v)))\n' > "$BUILD_DIR/print.mk"
makevars() {  # makefile var... -> the objects those variables list
    mk=$1; shift
    (cd "$BUILD_DIR" && make -s --no-print-directory -f "$mk" -f print.mk \
        TOPSRCDIR="$BUILD_DIR" VARS="$*" print) | tr ' ' '\n' | grep '\.o$' |
        awk '!seen[$0]++'
}

# compile SRCDIR OBJDIR < object list   (x.o from x.f or x.F, skip up to date)
compile() {
    srcdir=$1 objdir=$2
    while read -r o; do
        b=${o%.o}
        if [ -f "$srcdir/$b.f" ]; then s="$srcdir/$b.f"; else s="$srcdir/$b.F"; fi
        [ -f "$s" ] || { echo "no source for $o in $srcdir" >&2; exit 1; }
        [ "$objdir/$o" -nt "$s" ] && continue
        case $b in ?laran) f=$FFLAGS_NOOPT ;; *) f=$FFLAGS ;; esac
        printf '%s\n' "$FC $f -c -o $objdir/$o $s"
    done | xargs -P "$JOBS" -I{} sh -c '{}' || exit 1
}

T0=$(date +%s)
# ---- 1. tmglib ------------------------------------------------------------
mg="$SRC/TESTING/MATGEN/Makefile"
vars=""
for p in $PRECS; do
    case $p in
        s) vars="$vars SCATGEN SMATGEN" ;; c) vars="$vars SCATGEN CMATGEN" ;;
        d) vars="$vars DZATGEN DMATGEN" ;; z) vars="$vars DZATGEN ZMATGEN" ;;
    esac
done
MGOBJ=$(makevars "$mg" $vars)
echo "== compiling TESTING/MATGEN ($(echo "$MGOBJ" | wc -l) files)"
echo "$MGOBJ" | compile "$SRC/TESTING/MATGEN" "$BUILD_DIR/matgen"
rm -f "$BUILD_DIR/libtmglib.a"
(cd "$BUILD_DIR/matgen" && ar cr ../libtmglib.a $MGOBJ && ranlib ../libtmglib.a)

# ---- 2./3. LIN testers ----------------------------------------------------
KBLASF_LINK="-L$LIBDIR -Wl,-rpath,$LIBDIR -Wl,--no-as-needed -lkblasf -Wl,--as-needed"
lm="$SRC/TESTING/LIN/Makefile"
for p in $PRECS; do
    P=$(echo "$p" | tr 'sdcz' 'SDCZ')
    case $p in s|c) common=SCLNTST ;; *) common=DZLNTST ;; esac
    OBJ=$(makevars "$lm" ALINTST ${P}LINTST $common)
    echo "== compiling TESTING/LIN for xlintst$p ($(echo "$OBJ" | wc -l) files)"
    echo "$OBJ" | compile "$SRC/TESTING/LIN" "$BUILD_DIR/lin"
    (cd "$BUILD_DIR/lin" && $FC $FFLAGS -o "../xlintst$p" $OBJ ../libtmglib.a \
        $KBLASF_LINK $LAPACK_LIBS)
    # the tester (and liblapack) must take the Cholesky family from kblasf
    b=$(cd "$BUILD_DIR" && LD_BIND_NOW=1 LD_DEBUG=bindings ./xlintst$p \
        </dev/null 2>&1 >/dev/null | grep -E "normal symbol \`${p}(potrf|potrs|potri|trtri|lauum|posv)_'") || true
    if [ -z "$b" ] || echo "$b" | grep -qv libkblasf; then
        echo "xlintst$p: the Cholesky family does not bind to libkblasf:" >&2
        echo "$b" >&2; exit 1
    fi
    echo "   $(echo "$b" | wc -l) bindings of ${p}potrf_/potrs_/potri_/trtri_/lauum_/posv_, all to libkblasf"
done
echo "== built in $(( $(date +%s) - T0 )) s; ldd xlintst*: $(ldd "$BUILD_DIR/xlintst$p" |
     grep -E 'kblasf|lapack|blas' | awk '{print $1}' | tr '\n' ' ')"

# ---- 4./5. run ------------------------------------------------------------
MODES=${MODES:-"default always"}
status=0
for p in $PRECS; do
    P=$(echo "$p" | tr 'sdcz' 'SDCZ')
    in="$BUILD_DIR/${p}_kblasf.in"
    head -n 16 "$SRC/TESTING/${p}test.in" > "$in"
    for path in $PATHS; do
        grep "^$P$path\\b" "$SRC/TESTING/${p}test.in" >> "$in" || true
    done
    for mode in $MODES; do
        out="$BUILD_DIR/${p}_$mode.out" err="$BUILD_DIR/${p}_$mode.err"
        t=$(date +%s)
        rc=0
        if [ "$mode" = default ]; then
            (cd "$BUILD_DIR" && env -u KBLASF_OFFLOAD -u KBLASF_VERBOSE \
                ./xlintst$p < "$in" > "$out" 2> "$err") || rc=$?
        else
            (cd "$BUILD_DIR" && env -u KBLASF_VERBOSE KBLASF_OFFLOAD=$mode \
                ./xlintst$p < "$in" > "$out" 2> "$err") || rc=$?
        fi
        echo
        echo "== xlintst$p, KBLASF_OFFLOAD=$mode ($(( $(date +%s) - t )) s, rc=$rc)"
        grep -E 'passed the threshold|failed to pass the threshold|tests of the error exits|error messages recorded|not tested' "$out" |
            sed 's/^ *//; s/^/   /'
        bad=$(grep -cE 'failed to pass|failed the tests of the error exits|error messages recorded|\*\*\* XERBLA|\*\*\* Error code|Illegal value|Unrecognized path' "$out" || true)
        if [ "$rc" -ne 0 ] || [ "$bad" -ne 0 ] || ! grep -q 'End of tests' "$out"; then
            echo "   FAILED: rc=$rc, $bad failure lines; see $out and $err"
            grep -nE 'test\( *[0-9]+\) *=|\*\*\*|==>' "$out" | head -20 | sed 's/^/   | /'
            [ -s "$err" ] && tail -5 "$err" | sed 's/^/   ! /'
            status=1
        fi
    done
done
echo
echo "== total $(( $(date +%s) - T0 )) s; $( [ $status -eq 0 ] && echo ALL PASSED || echo FAILURES )"
exit $status
