#!/bin/sh
# test_exports.sh SRCDIR CPP — what the shared library exports: every function that
# include/kblasf.h declares, and nothing but the public API (those functions, the F77 names
# such as kblasf_dpotrf_, the LAPACK names such as dpotrf_, the Fortran module's
# __kblasf_MOD_ procedures). Run from the build directory; ends with
# "test_exports: N passed, N failed". Without a shared library (--disable-shared) there is
# nothing to check.
export LC_ALL=C
srcdir=$1; shift
cpp=${*:-cpp}
lib=.libs/libkblasf.so
if [ ! -f "$lib" ]; then
  echo "test_exports: no $lib (static build), nothing to check"
  echo "test_exports: 0 passed, 0 failed"
  exit 0
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
nm -D --defined-only "$lib" | awk '{print $3}' | sort -u > "$tmp/exported"
$cpp -P -I include -I "$srcdir/include" "$srcdir/include/kblasf.h" |
  grep -oE '\bkblasf_[a-z0-9_]+ *\(' | sed 's/ *(//' | sort -u > "$tmp/declared"
passed=0; failed=0
ndecl=$(wc -l < "$tmp/declared")
if [ "$ndecl" -lt 20 ]; then
  echo "FAIL: only $ndecl functions found in include/kblasf.h (preprocessor: $cpp)"
  failed=$((failed + 1))
fi
for s in $(comm -23 "$tmp/declared" "$tmp/exported"); do
  echo "FAIL: $s is declared in kblasf.h but not exported"
  failed=$((failed + 1))
done
passed=$((passed + $(comm -12 "$tmp/declared" "$tmp/exported" | wc -l)))
comm -23 "$tmp/exported" "$tmp/declared" > "$tmp/rest"
for s in $(grep -vE '_$|^__kblasf_MOD_' "$tmp/rest"); do
  echo "FAIL: $s is exported but not public API"
  failed=$((failed + 1))
done
passed=$((passed + $(grep -cE '_$|^__kblasf_MOD_' "$tmp/rest")))
echo "test_exports: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
