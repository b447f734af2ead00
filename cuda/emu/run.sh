#!/bin/sh
# run.sh — build the kernel sources for the host emulator and run the randomized tests.
#   sh cuda/emu/run.sh [count per routine] [max dimension] [seed]   (no GPU needed; C++20 g++)
set -e
here=$(cd "$(dirname "$0")" && pwd)
cuda=$(dirname "$here")
inc=${CUDA_HOME:-/usr/local/cuda}/include
out=${TMPDIR:-/tmp}/kblasf_emu.$$
mkdir -p "$out"
trap 'rm -rf "$out"' EXIT
flags="-std=c++20 -O2 -w -I$inc -I$cuda -I$here -pthread"
for f in gemv_s gemv_d gemv_c gemv_z symv_s symv_d hemv_c hemv_z trtri_diag trsv_chain \
         potrf_diag tri_copy batch_small batch_block batch_potrs_warp batch_trxm batch_syrk batch_potri; do
    g++ $flags -x c++ -DKBLASF_CUDA_EMU="\"$here/kbemu.h\"" -c "$cuda/$f.cu" -o "$out/$f.o"
done
g++ $flags -c "$here/emu_rt.cpp" -o "$out/emu_rt.o"
g++ $flags -c "$here/emu_test.cpp" -o "$out/emu_test.o"
g++ $flags -c "$here/emu_test_potri.cpp" -o "$out/emu_test_potri.o"
g++ -pthread -o "$out/emu_test" "$out"/*.o
fail=0
for w in sgemv dgemv cgemv zgemv ssymv dsymv chemv zhemv strtri dtrtri ctrtri ztrtri \
         spotrf dpotrf cpotrf zpotrf spanel dpanel cpanel zpanel tricopy strsv dtrsv ctrsv ztrsv sbpotrf dbpotrf cbpotrf zbpotrf \
         sbpotrs dbpotrs cbpotrs zbpotrs sbposv dbposv cbposv zbposv \
         sbtrsm dbtrsm cbtrsm zbtrsm sbtrmm dbtrmm cbtrmm zbtrmm offptr \
         sbtrtri dbtrtri cbtrtri zbtrtri sbsyrk dbsyrk cbsyrk zbsyrk cbherk zbherk \
         sblauum dblauum cblauum zblauum sbpotri dbpotri cbpotri zbpotri \
         sbpoti dbpoti cbpoti zbpoti zerodiag; do
    "$out/emu_test" $w "${1:-60}" "${2:-300}" "${3:-1}" || fail=1
done
for w in spotrf_block dpotrf_block cpotrf_block zpotrf_block spotrs_block dpotrs_block \
         cpotrs_block zpotrs_block sposv_block dposv_block cposv_block zposv_block \
         spotrs_warp dpotrs_warp cpotrs_warp zpotrs_warp; do
    "$out/emu_test" $w "${1:-60}" "${2:-300}" "${3:-1}" || fail=1
done
KB_SMS=132 KB_OCC=4 "$out/emu_test" all 3 "${2:-300}" "${3:-1}" || fail=1
exit $fail
