#!/bin/sh
# run_example.sh ROUTINE PROGRAM [ARG...] — runs an example with KBLASF_VERBOSE=1 and adds
# to its report which library served ROUTINE (DSYTRD for eigen, DGEBRD for svd) and why.
# The program cannot tell (it calls only LAPACK); kblasf's log can: each call kblasf serves
# writes "kblasf: DSYTRD(...) on the CPU: <why>" or "... on the device: <why>" to stderr, and
# a routine that logs nothing went to the system LAPACK. The line goes after the report's
# second line (the problem size); other stderr lines pass through. Exits with the program's
# status. Used by ./quickstart demo and testing/test_examples.sh.
routine=$1; shift
out=$(mktemp); log=$(mktemp)
KBLASF_VERBOSE=1 "$@" >"$out" 2>"$log"; rc=$?
# the host forms' lines ("... on the device: <why>" / "... on the CPU: <why>"), one a call
pat="^kblasf: $routine([^)]*) on the "
calls=$(grep -c "$pat" "$log")
if [ "$calls" -gt 0 ]; then
  path="kblasf, $(grep -m 1 "$pat" "$log" | sed 's/^kblasf: //')"
  [ "$calls" -gt 1 ] && path="$path  [first of $calls calls]"
else
  path="the system LAPACK (kblasf did not intercept it)"
fi
awk -v label="$routine served by" -v path="$path" \
  '{ print } NR == 2 { printf "  %-39s %s\n", label, path }' "$out"
grep -v '^kblasf: ' "$log" >&2
rm -f "$out" "$log"
exit "$rc"
