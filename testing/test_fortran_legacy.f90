! test_fortran_legacy.f90 — a legacy code's view: no module, CALL KBLASF_DTRMM with DTRMM's
! arguments on host memory, compared with the reference DTRMM on the same data (scaled
! residual). (A unit that uses module kblasf can call the same routine as kblasf_dtrmm
! since the module's device form is kblasf_dtrmm_dev; test_fortran.f90 does. The file is
! still separate: gfortran 12 rejects a unit without the module that calls KBLASF_DTRMM
! when it follows, in the same file, a unit that uses the module.)
subroutine legacy_dtrmm(resid, untouched)
  implicit none
  double precision, intent(out) :: resid
  logical, intent(out) :: untouched
  integer, parameter :: m = 300, n = 40, lda = 305, ldb = 302
  double precision :: A(lda, m), B(ldb, n), Bref(ldb, n), G(ldb, n), alpha
  external :: kblasf_dtrmm, dtrmm
  call random_number(A)
  call random_number(B)
  alpha = 0.75d0
  Bref = B
  call kblasf_dtrmm('L', 'U', 'T', 'N', m, n, alpha, A, lda, B, ldb)
  call dtrmm('L', 'U', 'T', 'N', m, n, alpha, A, lda, Bref, ldb)
  G = 1
  call dtrmm('L', 'U', 'T', 'N', m, n, alpha, abs(A), lda, G, ldb) ! |alpha||A^T| times ones
  resid = maxval(abs(B(1:m, :) - Bref(1:m, :)) / (epsilon(1d0) * (m + 1) * G(1:m, :)))
  untouched = all(B(m+1:, :) == Bref(m+1:, :))
end subroutine legacy_dtrmm
