#!/bin/sh
# trsv_chain_timeline.sh — copy cuda/trsv_chain.cu with timestamps (%globaltimer) at the
# points trsv_chain_timeline.cu prints, build it with that driver and run it on the GPU.
#   sh bench/trace/trsv_chain_timeline.sh [n ...]   (default 4096 8192 16384; N and T each)
set -e
here=$(cd "$(dirname "$0")" && pwd); top=$(dirname "$(dirname "$here")")
out=${TMPDIR:-/tmp}/kblasf_timeline; mkdir -p "$out"
python3 - "$top/cuda/trsv_chain.cu" "$out/trsv_chain_traced.cu" <<'PY'
import sys
s = open(sys.argv[1]).read()
hooks = r'''__device__ unsigned long long *g_trace, *g_tile, *g_ptile;
__device__ int g_tileq;
__device__ __forceinline__ unsigned long long gtime()
{ unsigned long long t; asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t)); return t; }
#define TR(s) do { if (threadIdx.x == 0 && g_trace) g_trace[q * 16 + (s)] = gtime(); } while (0)
#define TT(i) do { if (threadIdx.x == 0 && g_tile && q == g_tileq) g_tile[i] = gtime(); } while (0)
'''
edits = [
    ("namespace kblasf {\nnamespace {\n", hooks + "namespace kblasf {\nnamespace {\n"),
    ("    const int64_t q = s_q, R0 = q * NB;\n", "    const int64_t q = s_q, R0 = q * NB;\n    TR(0);\n"),
    ("    T mr[U]; /* row r of M_q", "    TR(1);\n    T mr[U]; /* row r of M_q"),
    ("        wait_chunk(rg, i);\n", "        wait_chunk(rg, i);\n        TT(i);\n"),
    ("        wait_chunk(rg, q - 1);\n", "        TR(2);\n        wait_chunk(rg, q - 1);\n        TR(3);\n"),
    ("        x[(R0 + r) * dx] = z;\n    }\n", "        x[(R0 + r) * dx] = z;\n    }\n    TR(4);\n"),
    ("            if (lane == 0)\n                rg.avail = (int)(c + 1);",
     "            if (lane == 0) {\n                rg.avail = (int)(c + 1);\n"
     "                if (g_ptile && cn == g_tileq && c < 4096) g_ptile[c] = gtime();\n            }"),
    ("    invert_lower<T, NB, LD, NW>(D, Di, dv);\n", "    TR(5);\n    invert_lower<T, NB, LD, NW>(D, Di, dv);\n    TR(6);\n"),
    ("        mul_lower<T, NB, LD, NW>(Di, EM, D);\n    __syncthreads();\n",
     "        mul_lower<T, NB, LD, NW>(Di, EM, D);\n    __syncthreads();\n    TR(7);\n"),
    ('#include "kblasf_cuda.h"\n', '#include "kblasf_cuda.h"\n#include <atomic>\n'),
    # after the setup, on the way to z: 8 the tiles' first loads issued, 9 b read, 10 the
    # tiles applied, 11 / 12 past the two barriers of the sums
    ("    /* alpha b_q: row t of thread t < NB", "    TR(8);\n    /* alpha b_q: row t of thread t < NB"),
    ("    for (int64_t i0 = 0; i0 < ntile; i0 += AHEAD) {", "    TR(9);\n    for (int64_t i0 = 0; i0 < ntile; i0 += AHEAD) {"),
    ("    /* z = Di (alpha b_q - p), p's pieces", "    TR(10);\n    /* z = Di (alpha b_q - p), p's pieces"),
    ("    __syncthreads();\n    if (threadIdx.x < NB) {\n        T a = bv;",
     "    __syncthreads();\n    TR(11);\n    if (threadIdx.x < NB) {\n        T a = bv;"),
    ("    __syncthreads();\n    T z = row_dot<T, U>", "    __syncthreads();\n    TR(12);\n    T z = row_dot<T, U>"),
]
for a, b in edits:
    if s.count(a) != 1:
        sys.exit("trsv_chain.cu changed: no single place for the hook after %r" % a[:60])
    s = s.replace(a, b)
open(sys.argv[2], "w").write(s)
PY
nvcc -std=c++17 -O3 -arch=sm_90 -I"$top/cuda" -I"$top/include" -I"$top/src" -I"$out" -DPTILE \
     '-DTRACE_SRC="trsv_chain_traced.cu"' -o "$out/trsv_chain_timeline" "$here/trsv_chain_timeline.cu"
for n in ${*:-4096 8192 16384}; do for t in N T; do "$out/trsv_chain_timeline" "$n" "$t"; done; done
