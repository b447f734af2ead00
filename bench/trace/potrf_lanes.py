#!/usr/bin/env python3
"""potrf_lanes.py — where a DPOTRF call's time goes on its two lanes, from a kernel_trace.c
timeline of bench/trace_potrf (calls 20 ms apart; the trace may be gzipped).

usage: python3 bench/trace/potrf_lanes.py trace.txt[.gz] [call]
The trace splits into calls at idle gaps over 5 ms (the first call of each kind also carries
module loading, so it can split further: the list of calls printed first tells which is the
timed one). For the chosen call (index in that list; default 3, kblasf's timed call when
each of its calls is one piece) per stream: its activities, busy time, span, the kernels
that took the most time, and the idle gaps over 50 us (where one lane waited for the other).
In kblasf's DPOTRF the handle's stream is lane 0 (the trailing updates) and the other one
lane 1 (the panels)."""
import gzip
import re
import sys
from collections import defaultdict


def short(name):
    m = re.search(r"(sm90_xmma_\w+?_tilesize\w+?)_stage", name)
    if m:
        return m.group(1)
    m = re.search(r"potrf_leaf_dmma_kernel|potrf_diag_kernel|tri_copy_kernel|getrf_wo_pivot|"
                  r"cutlass_80_\w+|syherk_kernel", name)
    return m.group(0) if m else name[:60]


path = sys.argv[1]
rows = []
for line in (gzip.open(path, "rt") if path.endswith(".gz") else open(path)):
    f = line.split(None, 4)
    if len(f) == 5:
        rows.append((float(f[0]), float(f[1]), f[2], f[4].strip()))
calls, cur, end = [], [], -1.0
for r in rows:
    if cur and r[0] > end + 5000:
        calls.append(cur)
        cur = []
    cur.append(r)
    end = max(end, r[0] + r[1])
calls.append(cur)
print("calls (activities, span us):",
      [(len(c), round(max(r[0] + r[1] for r in c) - c[0][0])) for c in calls])
call = calls[int(sys.argv[2]) if len(sys.argv) > 2 else 3]
t0 = call[0][0]
streams = defaultdict(list)
for r in call:
    streams[r[2]].append(r)
for s, rs in streams.items():
    rs.sort()
    busy, e, gaps = 0.0, rs[0][0], []
    for st, du, _, _ in rs:
        if st - e > 50:
            gaps.append("%.0f+%.0f" % (e - t0, st - e))
        busy += max(0.0, st + du - max(st, e))
        e = max(e, st + du)
    print("stream %s: %d activities, busy %.0f us, from %.0f to %.0f us" %
          (s, len(rs), busy, rs[0][0] - t0, e - t0))
    tot = defaultdict(lambda: [0, 0.0])
    for r in rs:
        tot[short(r[3])][0] += 1
        tot[short(r[3])][1] += r[1]
    for k, (cnt, us) in sorted(tot.items(), key=lambda kv: -kv[1][1])[:8]:
        print("   %9.0f us %4d  %s" % (us, cnt, k))
    print("   gaps over 50 us (start+length):", " ".join(gaps))
