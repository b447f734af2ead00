#!/bin/sh
# run_suite.sh PROGRAM... — runs the testers and sums their "N passed, N failed" lines.
# Ends with one line "N passed, N failed"; exits 1 if any check failed or a tester crashed.
passed=0; failed=0
for t in "$@"; do
  log=$(mktemp)
  "./$t" >"$log" 2>&1; rc=$?
  cat "$log"
  line=$(grep -E '^[^ ]+: [0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1)
  rm -f "$log"
  if [ -z "$line" ]; then
    echo "$t: crashed or printed no summary (exit $rc)"
    failed=$((failed + 1)); continue
  fi
  p=$(echo "$line" | sed -E 's/.*: ([0-9]+) passed.*/\1/')
  f=$(echo "$line" | sed -E 's/.*, ([0-9]+) failed/\1/')
  passed=$((passed + p)); failed=$((failed + f))
  [ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && failed=$((failed + 1))
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
