#!/bin/sh
# lapack_testers.sh -- run Reference-LAPACK's own testers against kblasf:
# the linear-equation testers (TESTING/LIN: xlintsts/d/c/z) for the Cholesky
# family, and the eigenvalue/SVD testers (TESTING/EIG: xeigtsts/d/c/z) for
# the ?SYTRD/?HETRD and ?GEBRD reductions.
#
# Usage: [SUITES=...] testing/lapack_testers.sh LAPACK_SRC_DIR KBLASF_LIBDIR [precisions]
#
#   LAPACK_SRC_DIR  a Reference-LAPACK source tree (best: the release that
#                   matches the system liblapack, e.g. v3.11.0 for Debian 12)
#   KBLASF_LIBDIR   directory holding libkblasf.so (e.g. a build's .libs)
#   precisions      any of s d c z (default "s d c z"; "d z", "dz" or "d,z")
#   SUITES          (environment) "lin" (default), "eig" or "lin eig"
#
# What it does, all out of tree (nothing is written into LAPACK_SRC_DIR, and
# nothing is copied from LAPACK into kblasf):
#   1. compiles TESTING/MATGEN into BUILD_DIR/libtmglib.a;
#   2. compiles the TESTING/LIN (suite lin) and TESTING/EIG (suite eig)
#      objects of each precision (the object lists are read from LAPACK's own
#      TESTING/LIN/Makefile and TESTING/EIG/Makefile, so the testers' own
#      ILAENV/XLAENV override and XERBLA are linked as the testers expect);
#   3. links each xlintst? / xeigtst? as: tester objects, libtmglib.a,
#      -lkblasf (before, and forced needed), then $LAPACK_LIBS (default
#      "-llapack -lblas"), so the calls of the testers and of liblapack
#      resolve to kblasf, and checks that with LD_DEBUG=bindings:
#        lin: ?POTRF/?POTRS/?POTRI/?TRTRI/?LAUUM/?POSV;
#        eig: SSYTRD/DSYTRD/CHETRD/ZHETRD and ?GEBRD (reached directly by the
#             ?CHKST/?CHKBD checks and through ?SYEV*/?HEEV*, ?SYGV*/?HEGV*,
#             ?GESVD/?GESDD/?GESVDX/... of liblapack);
#   4. runs each tester twice: with KBLASF_OFFLOAD unset and with
#      KBLASF_OFFLOAD=always;
#        lin: on an input derived from TESTING/?test.in (same sizes, NB, NX
#             and threshold; only the paths in $PATHS, default "PO PP PS TR");
#        eig: on each input of $EIG_INPUTS (default "sep.in se2.in svd.in"),
#             taken unchanged from TESTING/ as LAPACK's TESTING/Makefile
#             does (one input serves all precisions; the tester decides).
#             These inputs stop at n = 20 (SEP) and m, n = 40 (SVD), below
#             the order (128) where kblasf's hybrid SYTRD/GEBRD start their
#             device panels: with KBLASF_OFFLOAD=always they go through the
#             upload / CPU last block / download flow only. The testers take
#             n <= 132 (NMAX of ?CHKEE); inputs with n = 129..132 (one panel)
#             may be given in EIG_INPUTS, but at those sizes LAPACK's own
#             testers fail some ratios without kblasf too: run them with
#             MODES="default always ref" and compare;
#   5. prints the summary lines (eig: per test path, the number of summaries
#      and of tests run and failed) and exits non-zero on any failure (a test
#      ratio over the threshold, a failed error-exit test, an unexpected
#      XERBLA/INFO message, a crash, or a tester that did not reach the end).
#
# Build on one machine, run on another (a cluster's login node and a GPU
# node without gfortran): RUN_ONLY=1 with the BUILD_DIR of an earlier run
# builds nothing and runs the testers found there (step 3's binding check, 4
# and 5). LAPACK_SRC_DIR is then read only for its TESTING/*.in inputs, and
# KBLASF_LIBDIR's libkblasf.so must be the one the testers load (put it on
# LD_LIBRARY_PATH when it is not where they were linked).
#
# Environment: SUITES (lin), BUILD_DIR (default: a new mktemp -d directory,
# kept), JOBS (parallel compiles, default 2), FC (gfortran), FFLAGS (-O2
# -frecursive), LAPACK_LIBS (-llapack -lblas), PATHS (lin: PO PP PS TR),
# EIG_INPUTS (eig: "sep.in se2.in svd.in"; names relative to TESTING/ or
# absolute paths; a "?" in a name is replaced by the precision, e.g. "?sg.in"
# for ssg.in/dsg.in/csg.in/zsg.in, the generalized symmetric problem),
# MODES ("default always"; add "ref" to also build every tester WITHOUT
# -lkblasf, linked against $LAPACK_LIBS only, and run it as a baseline:
# kblasf's failures are those that "ref" does not show; a failing "ref" run
# is reported but does not by itself make the script fail).
# Outputs and logs stay in BUILD_DIR: lin: <p>_<mode>.out, <p>_<mode>.err;
# eig: eig_<p>_<input>_<mode>.out/.err (e.g. eig_d_sep_always.out).

set -eu

if [ $# -lt 2 ]; then
    sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi

SRC=$(cd "$1" && pwd)
LIBDIR=$(cd "$2" && pwd)
shift 2
PRECS=$(printf '%s' "${*:-s d c z}" | tr -c 'sdczSDCZ' ' ' | tr 'SDCZ' 'sdcz' |
        sed 's/\([sdcz]\)/\1 /g')
[ -n "$(echo $PRECS)" ] || { echo "no precision in '$*' (s d c z)" >&2; exit 2; }
FC=${FC:-gfortran}
FFLAGS=${FFLAGS:-"-O2 -frecursive"}
FFLAGS_NOOPT=${FFLAGS_NOOPT:-"-O0 -frecursive"}
LAPACK_LIBS=${LAPACK_LIBS:-"-llapack -lblas"}
PATHS=${PATHS:-"PO PP PS TR"}
EIG_INPUTS=${EIG_INPUTS:-"sep.in se2.in svd.in"}
SUITES=${SUITES:-lin}
MODES=${MODES:-"default always"}
JOBS=${JOBS:-2}
RUN_ONLY=${RUN_ONLY:-0}

for s in $SUITES; do
    case $s in lin|eig) ;; *) echo "SUITES: unknown suite '$s' (lin, eig)" >&2; exit 2 ;; esac
done
for m in $MODES; do
    case $m in -*|*[!A-Za-z0-9_-]*) echo "MODES: bad mode '$m'" >&2; exit 2 ;; esac
done
if [ "$RUN_ONLY" = 1 ]; then
    [ -n "${BUILD_DIR:-}" ] && [ -d "$BUILD_DIR" ] ||
        { echo "RUN_ONLY=1: BUILD_DIR must name the directory of an earlier build" >&2; exit 2; }
    for p in $PRECS; do
        case " $SUITES " in *" lin "*)
            [ -f "$SRC/TESTING/${p}test.in" ] || { echo "$SRC: no TESTING/${p}test.in" >&2; exit 2; } ;;
        esac
    done
else
    [ -f "$SRC/TESTING/LIN/Makefile" ] && [ -f "$SRC/TESTING/EIG/Makefile" ] &&
    [ -f "$SRC/TESTING/MATGEN/Makefile" ] ||
        { echo "$SRC: not a Reference-LAPACK source tree" >&2; exit 2; }
fi
[ -e "$LIBDIR/libkblasf.so" ] ||
    { echo "$LIBDIR: no libkblasf.so" >&2; exit 2; }
# eig inputs: resolved once, before anything is built
eig_input() {  # name precision -> path
    f=$(printf '%s' "$1" | sed "s/?/$2/g")
    case $f in /*) printf '%s\n' "$f" ;; *) printf '%s\n' "$SRC/TESTING/$f" ;; esac
}
case " $SUITES " in *" eig "*)
    set -f
    for f in $EIG_INPUTS; do
        for p in $PRECS; do
            [ -f "$(eig_input "$f" $p)" ] ||
                { echo "EIG_INPUTS: no $(eig_input "$f" $p)" >&2; exit 2; }
        done
    done
    set +f ;;
esac
want_ref=no
case " $MODES " in *" ref "*) want_ref=yes ;; esac

BUILD_DIR=${BUILD_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/kblasf-lapack-testers.XXXXXX")}
if [ "$RUN_ONLY" != 1 ]; then
    mkdir -p "$BUILD_DIR/matgen"
    for s in $SUITES; do mkdir -p "$BUILD_DIR/$s"; done
fi
BUILD_DIR=$(cd "$BUILD_DIR" && pwd)
echo "== build dir: $BUILD_DIR"
echo "== LAPACK source: $SRC$(git -C "$SRC" describe --tags 2>/dev/null | sed 's/^/ (/;s/$/)/' || true)"
echo "== suites: $SUITES; precisions: $PRECS; modes: $MODES"

# A minimal make.inc, only so that LAPACK's Makefiles can be read for their
# object lists (they `include $(TOPSRCDIR)/make.inc`).
if [ "$RUN_ONLY" != 1 ]; then
    printf 'FC = %s\nFFLAGS = %s\n' "$FC" "$FFLAGS" > "$BUILD_DIR/make.inc"
    printf 'print: ; @echo $(foreach v,$(VARS),$($(v)))\n' > "$BUILD_DIR/print.mk"
fi
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

# check_bindings TESTER REGEX WHAT: every binding of the symbols REGEX
# matches (of the tester and of the libraries it loads) must go to libkblasf
check_bindings() {
    b=$(cd "$BUILD_DIR" && LD_BIND_NOW=1 LD_DEBUG=bindings ./$1 \
        </dev/null 2>&1 >/dev/null | grep -E "normal symbol \`($2)'") || true
    if [ -z "$b" ] || echo "$b" | grep -qv libkblasf; then
        echo "$1: $3 does not bind to libkblasf:" >&2
        echo "$b" >&2; exit 1
    fi
    echo "   $(echo "$b" | wc -l) bindings of $3, all to libkblasf"
}

# link TESTER OBJDIR OBJECTS: with kblasf, and the baseline TESTER_ref
# without it when MODES has "ref"
link() {
    (cd "$BUILD_DIR/$2" && $FC $FFLAGS -o "../$1" $3 ../libtmglib.a \
        $KBLASF_LINK $LAPACK_LIBS)
    [ $want_ref = yes ] || return 0
    (cd "$BUILD_DIR/$2" && $FC $FFLAGS -o "../$1_ref" $3 ../libtmglib.a \
        $LAPACK_LIBS)
    ! ldd "$BUILD_DIR/$1_ref" | grep -q kblasf ||
        { echo "$1_ref: linked to libkblasf" >&2; exit 1; }
}

T0=$(date +%s)
if [ "$RUN_ONLY" != 1 ]; then
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
fi

# ---- 2./3. LIN and EIG testers --------------------------------------------
KBLASF_LINK="-L$LIBDIR -Wl,-rpath,$LIBDIR -Wl,--no-as-needed -lkblasf -Wl,--as-needed"
for suite in $SUITES; do
    for p in $PRECS; do
        P=$(echo "$p" | tr 'sdcz' 'SDCZ')
        if [ $suite = lin ]; then
            case $p in s|c) common=SCLNTST ;; *) common=DZLNTST ;; esac
            [ "$RUN_ONLY" = 1 ] || OBJ=$(makevars "$SRC/TESTING/LIN/Makefile" ALINTST ${P}LINTST $common)
            syms="${p}(potrf|potrs|potri|trtri|lauum|posv)_"
            what="${p}potrf_/potrs_/potri_/trtri_/lauum_/posv_"
        else
            case $p in s|c) common=SCIGTST ;; *) common=DZIGTST ;; esac
            [ "$RUN_ONLY" = 1 ] || OBJ=$(makevars "$SRC/TESTING/EIG/Makefile" ${P}EIGTST $common AEIGTST)
            case $p in s|d) trd=sytrd ;; *) trd=hetrd ;; esac
            syms="${p}(${trd}|gebrd)_"
            what="${p}${trd}_/gebrd_"
        fi
        if [ "$RUN_ONLY" = 1 ]; then
            [ -x "$BUILD_DIR/x${suite}tst$p" ] ||
                { echo "RUN_ONLY=1: no $BUILD_DIR/x${suite}tst$p" >&2; exit 2; }
        else
            echo "== compiling TESTING/$(echo $suite | tr a-z A-Z) for x${suite}tst$p ($(echo "$OBJ" | wc -l) files)"
            echo "$OBJ" | compile "$SRC/TESTING/$(echo $suite | tr a-z A-Z)" "$BUILD_DIR/$suite"
            link "x${suite}tst$p" $suite "$OBJ"
        fi
        check_bindings "x${suite}tst$p" "$syms" "$what"
    done
done
echo "== built in $(( $(date +%s) - T0 )) s; ldd x${suite}tst$p: $(ldd "$BUILD_DIR/x${suite}tst$p" |
     grep -E 'kblasf|lapack|blas' | awk '{print $1}' | tr '\n' ' ')"

# ---- 4./5. run ------------------------------------------------------------
# the messages that mean a failure, in LIN's and EIG's outputs
BAD='failed to pass|failed the tests of the error exits|error messages recorded|\*\*\* XERBLA|\*\*\* On entry to|\*\*\* Error code|Illegal value|returned INFO=|Unrecognized path|Invalid input value|Execution not attempted'
# eig: one line per test path and kind of summary: how many summaries, how
# many tests run, how many failed (LAPACK prints one summary per NB set)
eig_summary() {
    awk '
    function add(k, run, fail) {
        if (!(k in n)) order[++nk] = k
        n[k]++; r[k] += run; f[k] += fail
    }
    /All tests for .* passed the threshold/ {
        k = $0; sub(/^ *All tests for /, "", k); sub(/ +passed the threshold.*/, "", k)
        t = $0; sub(/.*\( */, "", t); add(k, t + 0, 0); next }
    /tests failed to pass the threshold/ {
        k = $0; sub(/^ */, "", k); sub(/: *[0-9]+ out of.*/, "", k)
        m = $0; sub(/^.*: */, "", m); split(m, w, " ")
        add(k, w[4] + 0, w[1] + 0); next }
    /passed the tests of the error exits/ {
        k = $0; sub(/^ */, "", k); sub(/ passed the tests.*/, "", k)
        t = $0; sub(/.*\( */, "", t); add(k " error exits", t + 0, 0); next }
    /failed the tests of the error exits/ {
        k = $0; sub(/^ *\*\*\* */, "", k); sub(/ failed the tests.*/, "", k)
        add(k " error exits", 0, 1); next }
    END {
        for (i = 1; i <= nk; i++) {
            k = order[i]
            printf "   %-28s %3d summaries, %7d tests, %5d failed\n", k ":", n[k], r[k], f[k]
        }
    }' "$1"
}

status=0
results=""
for suite in $SUITES; do
for p in $PRECS; do
    P=$(echo "$p" | tr 'sdcz' 'SDCZ')
    if [ $suite = lin ]; then
        in="$BUILD_DIR/${p}_kblasf.in"
        head -n 16 "$SRC/TESTING/${p}test.in" > "$in"
        for path in $PATHS; do
            grep "^$P$path\\b" "$SRC/TESTING/${p}test.in" >> "$in" || true
        done
        inputs=$in
    else
        set -f; inputs=""
        for f in $EIG_INPUTS; do inputs="$inputs $(eig_input "$f" $p)"; done
        set +f
    fi
    for in in $inputs; do
    for mode in $MODES; do
        if [ $suite = lin ]; then
            base="${p}_$mode"; label="xlintst$p"
        else
            ib=$(basename "$in" .in)
            base="eig_${p}_${ib}_$mode"; label="xeigtst$p < $(basename "$in")"
        fi
        out="$BUILD_DIR/$base.out" err="$BUILD_DIR/$base.err"
        t=$(date +%s)
        rc=0
        if [ "$mode" = ref ]; then
            (cd "$BUILD_DIR" && env -u KBLASF_OFFLOAD -u KBLASF_VERBOSE \
                ./x${suite}tst${p}_ref < "$in" > "$out" 2> "$err") || rc=$?
        elif [ "$mode" = default ]; then
            (cd "$BUILD_DIR" && env -u KBLASF_OFFLOAD -u KBLASF_VERBOSE \
                ./x${suite}tst$p < "$in" > "$out" 2> "$err") || rc=$?
        else
            (cd "$BUILD_DIR" && env -u KBLASF_VERBOSE KBLASF_OFFLOAD=$mode \
                ./x${suite}tst$p < "$in" > "$out" 2> "$err") || rc=$?
        fi
        dt=$(( $(date +%s) - t ))
        echo
        if [ "$mode" = ref ]; then
            echo "== ${label}, baseline without kblasf ($dt s, rc=$rc)"
        else
            echo "== ${label}, KBLASF_OFFLOAD=$mode ($dt s, rc=$rc)"
        fi
        if [ $suite = lin ]; then
            grep -E 'passed the threshold|failed to pass the threshold|tests of the error exits|error messages recorded|not tested' "$out" |
                sed 's/^ *//; s/^/   /'
        else
            eig_summary "$out"
            # (a blank path, e.g. sep.in's last line, prints "     routines
            # were not tested": not worth showing)
            grep -E '[A-Za-z0-9] +routines were not tested' "$out" |
                sed 's/^ *//; s/^/   /' || true
        fi
        bad=$(grep -cE "$BAD" "$out" || true)
        if [ "$rc" -ne 0 ] || [ "$bad" -ne 0 ] || ! grep -q 'End of tests' "$out"; then
            echo "   FAILED: rc=$rc, $bad failure lines; see $out and $err"
            grep -nE 'test\( *[0-9]+\) *=|result +[0-9]+ is|\*\*\*|==>|returned INFO=' "$out" |
                head -20 | sed 's/^/   | /'
            [ -s "$err" ] && tail -5 "$err" | sed 's/^/   ! /'
            [ "$mode" = ref ] || status=1
            results="$results
   FAILED  $label, $mode"
        else
            results="$results
   passed  $label, $mode"
        fi
    done
    done
done
done
echo
echo "== results:$results"
echo "== total $(( $(date +%s) - T0 )) s; $( [ $status -eq 0 ] && echo ALL PASSED || echo FAILURES )"
exit $status
