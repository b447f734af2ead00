#!/bin/bash
# testing/gpu/run.sh — the whole GPU-machine session in one call:
# unpack the release tarball carried in .dist/, build for Hopper, run the test suite on
# the CUDA executor, compute-sanitizer memcheck + racecheck on the kernels' testers,
# then the benchmarks. Logs go to $OUT; a short summary is printed last.
#   usage: testing/gpu/run.sh [check] [sanitize] [bench] [bench-quick] [bench-trxm] [bench-lapack]
#   [bench-batch]
#   [bench-reduce] (bench/bench_reduce $BENCH_REDUCE_ARG, SYTRD/HETRD and GEBRD against
#   cuSOLVER, with KBLASF_VERBOSE=1: the library's per-call time split goes to the result file)
#   (default: check sanitize bench); TRXM_NBS="64 128 256" times several stop sizes,
#   TRXM_OPS=trsm|trmm only one operation (and no host-pointer runs); SANITIZE_TESTS picks the
#   testers, SANITIZE_RACE_KERNELS="name ..." limits racecheck to kernels whose names hold one
#   of these (racecheck of a whole tester spends its time inside cuBLAS); bench-lapack runs
#   bench/bench_lapack $BENCH_LAPACK_ARG ("quick": smaller sizes), BENCH_OPS=potrf,potrs,potri,
#   posv,host,cpu limits what it runs; bench-batch runs bench/bench_batch $BENCH_BATCH_ARG
#   ("quick": batch 1024, fewer orders; BENCH_BATCH=N sets the batch)
set -u -o pipefail
OUT=${OUT:-/tmp/kblasf-out}; mkdir -p "$OUT"
steps=${*:-check sanitize bench}
tarball=$(ls .dist/kblasf-*.tar.gz | head -n 1)
work=/tmp/kblasf-gpu; rm -rf "$work"; mkdir -p "$work"
tar -xzf "$tarball" -C "$work" && cd "$work"/kblasf-* || exit 1
blas=/usr/lib/x86_64-linux-gnu/libblas.so.3; lapack=/usr/lib/x86_64-linux-gnu/liblapack.so.3
nvidia-smi --query-gpu=name,memory.total,clocks.max.sm --format=csv,noheader > "$OUT/gpu.txt" 2>&1
summary=()
if ! ./configure --disable-fortran --with-cuda-arch=90 --with-blas=$blas --with-lapack=$lapack \
      > "$OUT/configure.log" 2>&1; then
  tail -20 "$OUT/configure.log"; exit 1
fi
if ! make -j16 > "$OUT/build.log" 2>&1; then grep -E 'error|Error' "$OUT/build.log" | head -30; exit 1; fi
make -j16 testing/test_gemv testing/test_symv testing/test_trxm testing/test_memory testing/test_lapack \
  testing/test_sytrd testing/test_gebrd testing/test_batch testing/test_batch_trxm testing/test_batch_trtri \
  testing/test_batch_syrk testing/test_batch_potri \
  >> "$OUT/build.log" 2>&1
for s in $steps; do
  case $s in
  check)
    make -j16 check > "$OUT/check.log" 2>&1
    summary+=("make check (CUDA executor): $(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$OUT/check.log" | tail -n 1)")
    grep -E '^FAIL' "$OUT/check.log" | head -20 ;;
  sanitize)
    cs=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
    for tool in memcheck racecheck; do
      for t in ${SANITIZE_TESTS:-test_gemv test_symv test_trxm test_lapack test_batch test_batch_trxm test_batch_trtri test_batch_syrk test_batch_potri}; do
        filter=()
        if [ $tool = racecheck ] && [ -n "${SANITIZE_RACE_KERNELS:-}" ]; then
          for kn in $SANITIZE_RACE_KERNELS; do filter+=(--kernel-name "kns=$kn"); done
        fi
        KBLASF_TEST_QUICK=1 KBLASF_TEST_SEED=7 ./libtool --mode=execute "$cs" --tool $tool --target-processes all "${filter[@]}" --error-exitcode 9 testing/$t \
          > "$OUT/sanitize-$tool-$t.log" 2>&1
        rc=$?
        summary+=("compute-sanitizer $tool $t: exit $rc; $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$OUT/sanitize-$tool-$t.log" | tail -n 1) $(tail -n 1 "$OUT/sanitize-$tool-$t.log")")
      done
    done ;;
  bench|bench-quick)
    make bench > "$OUT/bench-build.log" 2>&1 || { tail -20 "$OUT/bench-build.log"; exit 1; }
    arg=; [ "$s" = bench-quick ] && arg=quick
    ./bench/bench_mv $arg > "$OUT/bench_mv.txt" 2>&1
    summary+=("$(sed -n '/^# summary/,$p' "$OUT/bench_mv.txt")") ;;
  bench-trxm)
    make bench > "$OUT/bench-build.log" 2>&1 || { tail -20 "$OUT/bench-build.log"; exit 1; }
    for nb in ${TRXM_NBS:-default}; do
      a=$nb; [ "$nb" = default ] && a=
      ./bench/bench_trxm ${a:-0} ${TRXM_OPS:-all} > "$OUT/bench_trxm_$nb.txt" 2>&1
      summary+=("stop size $nb: $(sed -n '/^# summary/,$p' "$OUT/bench_trxm_$nb.txt")")
    done ;;
  bench-lapack|bench-batch) # bench/bench_lapack $BENCH_LAPACK_ARG, bench/bench_batch $BENCH_BATCH_ARG
    make bench > "$OUT/bench-build.log" 2>&1 || { tail -20 "$OUT/bench-build.log"; exit 1; }
    b=bench_${s#bench-}; argvar=${b^^}_ARG
    ./bench/$b ${!argvar:-} > "$OUT/$b.txt" 2>&1
    rc=$?
    summary+=("$b (exit $rc): $(sed -n '/^# summary/,$p' "$OUT/$b.txt")")
    [ $rc = 0 ] || tail -5 "$OUT/$b.txt" ;;
  bench-reduce)
    make bench > "$OUT/bench-build.log" 2>&1 || { tail -20 "$OUT/bench-build.log"; exit 1; }
    KBLASF_VERBOSE=1 ./bench/bench_reduce ${BENCH_REDUCE_ARG:-} > "$OUT/bench_reduce.txt" \
      2> "$OUT/bench_reduce.log"
    rc=$?
    grep -E '(TRD|BRD)\([mn]=[0-9, mn=]+\) time' "$OUT/bench_reduce.log" | sort -u | head -20 \
      >> "$OUT/bench_reduce.txt"
    summary+=("bench_reduce (exit $rc): $(sed -n '/^# summary/,$p' "$OUT/bench_reduce.txt")")
    [ $rc = 0 ] || tail -5 "$OUT/bench_reduce.txt" "$OUT/bench_reduce.log" ;;
  esac
done
echo "==== summary ($(cat "$OUT/gpu.txt"))"
printf '%s\n' "${summary[@]}"
