#!/usr/bin/env python3
"""sytrd_steps.py — where a DSYTRD (or DGEBRD) call's time goes, from a kernel_trace.c
timeline of bench/trace_reduce (the last call in the trace: activities after the last gap
of 10 ms).

usage: python3 bench/trace/sytrd_steps.py trace.txt
Prints the span, the busy time by kind of kernel, the idle time between kernels, and that
idle time by the pair of kernels around it (what a dependent launch could save). For
DSYTRD also the per-column split and the step kernel's mean time by its column within the
panel (j = 0 prepares the panel's first column; j = 1..64 finish column j-1), in four
ranges of the trailing order, and the part of it past the SYMV's end (the step kernel starts
early, on the SMs the SYMV leaves, so its own time overlaps the SYMV's)."""
import sys
from collections import defaultdict

rows = []
for line in open(sys.argv[1]):
    f = line.split(None, 4)
    if len(f) == 5 and f[3] == "K":  # kernels only: copies and memsets may stand apart
        rows.append((float(f[0]), float(f[1]), f[3], f[4].strip()))
rows.sort()
cut = 0
for i in range(1, len(rows)):
    if rows[i][0] - (rows[i - 1][0] + rows[i - 1][1]) > 10000:
        cut = i
rows = rows[cut:]

def kind(name):
    for k in ("trd_step", "brd_step", "symv_diag", "symv_offdiag", "gemvn", "gemvt",
              "scal_kernel", "syr2k", "gemm"):
        if k in name:
            return k
    return "other"

busy = defaultdict(float)
count = defaultdict(int)
gaps = defaultdict(list)  # idle time before each kernel, by (kind before, kind after)
for i, (s, d, _, n) in enumerate(rows):
    busy[kind(n)] += d
    count[kind(n)] += 1
    if i:
        ps, pd, pn = rows[i - 1][0], rows[i - 1][1], rows[i - 1][3]
        gaps[(kind(pn), kind(n))].append(max(0.0, s - (ps + pd)))
idle = sum(sum(g) for g in gaps.values())
span = rows[-1][0] + rows[-1][1] - rows[0][0]
print("span %.1f ms, %d kernels, idle between kernels %.1f ms" % (span / 1e3, len(rows), idle / 1e3))
for k in sorted(busy, key=lambda k: -busy[k]):
    print("  %-13s %6d calls  %9.1f ms  mean %7.2f us" % (k, count[k], busy[k] / 1e3, busy[k] / count[k]))
print("idle by transition (kernel before -> kernel after): count, mean us, total ms")
for k in sorted(gaps, key=lambda k: (-sum(gaps[k]), k))[:10]:
    print("  %-13s -> %-13s %6d  %6.2f  %8.2f"
          % (k[0], k[1], len(gaps[k]), sum(gaps[k]) / len(gaps[k]), sum(gaps[k]) / 1e3))
steps = [i for i, r in enumerate(rows) if kind(r[3]) == "trd_step"]
if not steps:
    sys.exit(0)
cols = count["trd_step"] - sum(1 for i in steps if i == 0 or kind(rows[i - 1][3]) != "symv_offdiag")
print("columns (steps after a SYMV): %d; per column: SYMV %.2f us, step %.2f us, idle %.2f us"
      % (cols, (busy["symv_diag"] + busy["symv_offdiag"]) / cols, busy["trd_step"] / cols, idle / cols))
# gap before each step (after the SYMV) and before each SYMV (after the step)
g_step = [rows[i][0] - rows[i - 1][0] - rows[i - 1][1] for i in steps if i and kind(rows[i - 1][3]) == "symv_offdiag"]
if g_step:
    print("idle between SYMV and step: mean %.2f us" % (sum(g_step) / len(g_step)))
# step time by j within its panel, in ranges of the panel's index
panel, j, table, exposed = -1, 0, defaultdict(list), defaultdict(list)
npan = sum(1 for i in steps if i == 0 or kind(rows[i - 1][3]) != "symv_offdiag")
for i in steps:
    if i == 0 or kind(rows[i - 1][3]) != "symv_offdiag":
        panel, j = panel + 1, 0
    else:
        j += 1
    table[(4 * panel // max(npan, 1), j)].append(rows[i][1])
    if j:  # after a SYMV: the part of the step past the SYMV's end (a step starts early)
        exposed[(4 * panel // max(npan, 1), j)].append(
            rows[i][0] + rows[i][1] - rows[i - 1][0] - rows[i - 1][1])


def by_j(title, t):
    print(title + " (rows: quarter of the panels, first = largest trailing order)")
    for q in range(4):
        line = []
        for jj in (0, 1, 2, 4, 8, 16, 32, 48, 63, 64):
            v = t.get((q, jj))
            line.append("j%-2d %5.1f" % (jj, sum(v) / len(v)) if v else "j%-2d   -  " % jj)
        print("  q%d: %s" % (q, "  ".join(line)))


by_j("step us by j", table)
by_j("step us by j past the SYMV's end", exposed)
