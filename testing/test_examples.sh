#!/bin/sh
# test_examples.sh TOP_SRCDIR — make check's test of the examples (run from the build
# directory, where `make examples` put them): the eigensolver and SVD programs, with and
# without kblasf, at small sizes, through examples/run_example.sh as ./quickstart demo runs
# them. Each must pass its own accuracy checks and print its whole report; the kblasf
# builds must have libkblasf ahead of LAPACK in their lookup scope (what lets LAPACK's
# drivers find kblasf's routines), the baseline builds must not load it.
# Ends with "test_examples: N passed, N failed" for testing/run_suite.sh.
top_srcdir=${1:?usage: test_examples.sh TOP_SRCDIR}
run="$top_srcdir/examples/run_example.sh"
passed=0; failed=0
ok() { echo "  ok: $*"; passed=$((passed + 1)); }
bad() { echo "  FAIL: $*"; failed=$((failed + 1)); }

# example ROUTINE "PROGRAM ARGS" LINE...: runs PROGRAM, checks its exit status and that
# each LINE (a fixed string) is in its report.
example() {
  routine=$1; cmd=$2; shift 2
  IFS=' '
  # shellcheck disable=SC2086  # "PROGRAM ARGS" is split on purpose
  out=$($SHELL "$run" "$routine" ./examples/$cmd 2>&1); rc=$?
  IFS='|'
  echo "$out" | sed 's/^/    /'
  if [ "$rc" -ne 0 ]; then bad "$cmd: exit status $rc"; return; fi
  for want in "$@"; do
    echo "$out" | grep -qF -- "$want" || { bad "$cmd: no line '$want'"; return; }
  done
  ok "$cmd"
}

eig_lines="eigen: PASS|  n |  DSYTRD served by |  time of the whole solve (DSYEVD)|\
  time of the reduction (DSYTRD)|  max |w - lambda| / (n eps max|lambda|)"
vec_lines="  ||A Z - Z W|| / (n ||A|| eps)|  ||I - Z^T Z|| / (n eps)"
svd_lines="svd: PASS|  m x n |  DGEBRD served by |  time of the whole solve (DGESVD)|\
  time of the reduction (DGEBRD)|  max |s - sigma| / (k eps max sigma)|\
  ||A - U S V^T|| / (max(m,n) ||A|| eps)|  ||I - U^T U|| / (m eps)|  ||I - V^T V|| / (n eps)"
lapack_line="the system LAPACK (kblasf did not intercept it)"

IFS='|'; set -f
# shellcheck disable=SC2086  # the |-separated lists are split on purpose
{
  example DSYTRD "eigen 200" $eig_lines $vec_lines
  example DSYTRD "eigen 150 N" $eig_lines "DSYEVD(JOBZ='N'"
  example DSYTRD "eigen 1" $eig_lines $vec_lines
  example DSYTRD "eigen_lapack 200" $eig_lines $vec_lines "$lapack_line"
  example DGEBRD "svd 160 100" $svd_lines "160 x 100"
  example DGEBRD "svd 100 160" $svd_lines "100 x 160"
  example DGEBRD "svd_lapack 120" $svd_lines "$lapack_line"
}
unset IFS; set +f

# A bad size is refused with status 2.
./examples/eigen 0 >/dev/null 2>&1
if [ $? -eq 2 ]; then ok "eigen 0: refused"; else bad "eigen 0: not refused with status 2"; fi

# Interposition: in the global lookup scope glibc prints with LD_DEBUG=scopes, libkblasf
# must come before every LAPACK/BLAS library; a linker's --as-needed would drop it, as it
# uses no kblasf symbol. Skipped where the loader prints no scopes (not glibc), and in a
# static-only build (--disable-shared), where relinking cannot interpose.
for prog in eigen svd; do
  if [ ! -e .libs/libkblasf.so ]; then
    echo "  skipped: $prog lookup scope (no shared libkblasf)"; continue
  fi
  scope=$(LD_DEBUG=scopes "./examples/$prog" 1 2>&1 >/dev/null | grep -m 1 "scope 0:.*/examples/")
  first=$(echo "$scope" | tr -s ' \t' '\n' | grep -m 1 -E 'kblasf|lapack|blas')
  if [ -z "$scope" ]; then
    echo "  skipped: $prog lookup scope (LD_DEBUG=scopes printed nothing)"
  else
    case $first in
      *libkblasf*) ok "$prog: libkblasf first in the lookup scope" ;;
      *) bad "$prog: libkblasf not ahead of LAPACK in the lookup scope: $scope" ;;
    esac
  fi
  scope=$(LD_DEBUG=scopes "./examples/${prog}_lapack" 1 2>&1 >/dev/null | grep -m 1 "scope 0:")
  case $scope in
    *libkblasf*) bad "${prog}_lapack loads libkblasf: $scope" ;;
    *) ok "${prog}_lapack: no libkblasf" ;;
  esac
done

echo "test_examples: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
