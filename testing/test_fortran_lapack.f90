! test_fortran_lapack.f90 — a legacy code's view of kblasf's LAPACK layer: no module, no
! kblasf call but the renamed one. CALL DPOTRF, DPOTRS, DPOTRI, ZPOSV, DTRTRI and DLAUUM
! are the LAPACK names, which run kblasf when the program links -lkblasf before LAPACK
! (unless kblasf was configured with --disable-lapack-names: then they run LAPACK, and the
! residuals must pass just the same); CALL KBLASF_DPOTRF and KBLASF_ZPOTRS are the F77
! symbols with LAPACK's argument lists. Plain default integers and DOUBLE PRECISION, as
! in the codes this is for. test_fortran.f90's program calls these subroutines and
! checks what they pass back: scaled residuals (a value below 10 passes) and the INFOs.

! The LAPACK names on one n x n problem (lda = n + 2, ldb = n + 1), n >= 1:
!   resid(1) DPOTRF 'U'  ||U^T U - A|| / (n ||A|| eps)
!   resid(2) DPOTRS 'U'  ||B - A X|| / (||A|| ||X|| n eps)
!   resid(3) DPOTRI 'U'  ||I - A inv(A)|| / (n ||A|| ||inv(A)|| eps)
!   resid(4) ZPOSV  'L'  ||B - A X|| / (||A|| ||X|| n eps), A Hermitian positive definite
!   resid(5) DTRTRI 'L' 'N'  ||I - T inv(T)|| / (n ||T|| ||inv(T)|| eps)
!   resid(6) DLAUUM 'L'  ||L^T L - R|| / (n ||L||^2 eps)
! and infos(1:6) the INFOs (all must be 0). 1-norms throughout. untouched: the strict
! other triangle and the padding rows were left alone by every call.
subroutine legacy_lapack_names(n, resid, infos, untouched)
  implicit none
  integer, intent(in) :: n
  double precision, intent(out) :: resid(6)
  integer, intent(out) :: infos(6)
  logical, intent(out) :: untouched
  double precision, parameter :: junk = 7.0d200
  integer :: lda, ldb, nrhs, i, j, info
  double precision, allocatable :: S(:,:), A(:,:), A0(:,:), B(:,:), X(:,:), F(:,:), W(:,:)
  double precision, allocatable :: Eye(:,:)
  double complex, allocatable :: ZS(:,:), ZA(:,:), ZB(:,:), ZX(:,:)
  double precision :: eps
  external :: dpotrf, dpotrs, dpotri, zposv, dtrtri, dlauum

  lda = n + 2
  ldb = n + 1
  nrhs = 3
  eps = epsilon(1d0)
  untouched = .true.
  allocate (S(n, n), A(lda, n), A0(lda, n), B(ldb, nrhs), X(ldb, nrhs), F(n, n), W(n, n))
  allocate (Eye(n, n))
  Eye = 0
  do i = 1, n
    Eye(i, i) = 1
  end do

  ! DPOTRF 'U': A's upper triangle, junk elsewhere.
  call spd(n, S)
  A = junk
  do j = 1, n
    A(1:j, j) = S(1:j, j)
  end do
  A0 = A
  call dpotrf('U', n, A, lda, info)
  infos(1) = info
  untouched = untouched .and. same_outside('U', A, A0)
  call triangle('U', A, F)
  resid(1) = norm1(matmul(transpose(F), F) - S) / (n * norm1(S) * eps)

  ! DPOTRS 'U' with that factor.
  call random_number(B)
  B(n+1:, :) = junk
  X = B
  call dpotrs('U', n, nrhs, A, lda, X, ldb, info)
  infos(2) = info
  untouched = untouched .and. all(X(n+1:, :) == junk)
  resid(2) = norm1(B(1:n, :) - matmul(S, X(1:n, :))) / (norm1(S) * norm1(X(1:n, :)) * n * eps)

  ! DPOTRI 'U': the inverse's upper triangle from the factor.
  A0 = A
  call dpotri('U', n, A, lda, info)
  infos(3) = info
  untouched = untouched .and. same_outside('U', A, A0)
  do j = 1, n
    do i = 1, n
      W(i, j) = A(min(i, j), max(i, j))
    end do
  end do
  resid(3) = norm1(Eye - matmul(S, W)) / (n * norm1(S) * norm1(W) * eps)

  ! ZPOSV 'L': Hermitian positive definite A (lower triangle), 3 right-hand sides.
  allocate (ZS(n, n), ZA(lda, n), ZB(ldb, nrhs), ZX(ldb, nrhs))
  call hpd(n, ZS)
  ZA = cmplx(junk, -junk, kind(ZA))
  do j = 1, n
    ZA(j:n, j) = ZS(j:n, j)
  end do
  call random_number(B)
  call random_number(X)
  ZB = cmplx(B, X - 0.5d0, kind(ZB))
  ZB(n+1:, :) = cmplx(junk, junk, kind(ZB))
  ZX = ZB
  call zposv('L', n, nrhs, ZA, lda, ZX, ldb, info)
  infos(4) = info
  do j = 1, n
    untouched = untouched .and. all(ZA(1:j-1, j) == cmplx(junk, -junk, kind(ZA)))
  end do
  untouched = untouched .and. all(ZA(n+1:, :) == cmplx(junk, -junk, kind(ZA))) .and. &
       all(ZX(n+1:, :) == cmplx(junk, junk, kind(ZX)))
  resid(4) = norm1z(ZB(1:n, :) - matmul(ZS, ZX(1:n, :))) / &
       (norm1z(ZS) * norm1z(ZX(1:n, :)) * n * eps)

  ! DTRTRI 'L' 'N': a lower triangular T with a diagonal away from zero.
  call random_number(W)
  A = junk
  do j = 1, n
    A(j, j) = 1 + W(j, j)
    if (mod(j, 2) == 0) A(j, j) = -A(j, j)
    A(j+1:n, j) = (2 * W(j+1:n, j) - 1) / n
  end do
  call triangle('L', A, F)
  A0 = A
  call dtrtri('L', 'N', n, A, lda, info)
  infos(5) = info
  untouched = untouched .and. same_outside('L', A, A0)
  call triangle('L', A, W)
  resid(5) = norm1(Eye - matmul(F, W)) / (n * norm1(F) * norm1(W) * eps)

  ! DLAUUM 'L': L^T L into the lower triangle (L from the DTRTRI input above).
  A = A0
  call dlauum('L', n, A, lda, info)
  infos(6) = info
  untouched = untouched .and. same_outside('L', A, A0)
  W = matmul(transpose(F), F)
  do j = 1, n
    do i = 1, n
      if (i >= j) W(i, j) = W(i, j) - A(i, j)
      if (i < j) W(i, j) = 0
    end do
  end do
  resid(6) = norm1(W) / (n * norm1(F)**2 * eps)

contains

  ! Random symmetric positive definite n x n: G G^T / n + I, G in [-1, 1).
  subroutine spd(n, S)
    integer, intent(in) :: n
    double precision, intent(out) :: S(n, n)
    double precision :: G(n, n)
    integer :: i
    call random_number(G)
    G = 2 * G - 1
    S = matmul(G, transpose(G)) / n
    do i = 1, n
      S(i, i) = S(i, i) + 1
    end do
  end subroutine spd

  subroutine hpd(n, S)
    integer, intent(in) :: n
    double complex, intent(out) :: S(n, n)
    double precision :: Re(n, n), Im(n, n)
    double complex :: G(n, n)
    integer :: i
    call random_number(Re)
    call random_number(Im)
    G = cmplx(2 * Re - 1, 2 * Im - 1, kind(G))
    S = matmul(G, conjg(transpose(G))) / n
    do i = 1, n
      S(i, i) = cmplx(real(S(i, i)) + 1, 0d0, kind(S))
    end do
  end subroutine hpd

  ! The n x n triangle ('L' or 'U', with its diagonal) of A, zeros elsewhere.
  subroutine triangle(uplo, A, T)
    character, intent(in) :: uplo
    double precision, intent(in) :: A(:,:)
    double precision, intent(out) :: T(:,:)
    integer :: i, j
    do j = 1, size(T, 2)
      do i = 1, size(T, 1)
        T(i, j) = 0
        if ((uplo == 'L' .and. i >= j) .or. (uplo == 'U' .and. i <= j)) T(i, j) = A(i, j)
      end do
    end do
  end subroutine triangle

  ! A and A0 agree (bit for bit) outside the n x n triangle uplo.
  logical function same_outside(uplo, A, A0)
    character, intent(in) :: uplo
    double precision, intent(in) :: A(:,:), A0(:,:)
    integer :: i, j
    same_outside = .true.
    do j = 1, size(A, 2)
      do i = 1, size(A, 1)
        if (i <= n .and. ((uplo == 'L' .and. i >= j) .or. (uplo == 'U' .and. i <= j))) cycle
        if (A(i, j) /= A0(i, j)) same_outside = .false.
      end do
    end do
  end function same_outside

  double precision function norm1(M)
    double precision, intent(in) :: M(:,:)
    norm1 = maxval(sum(abs(M), dim=1))
  end function norm1

  double precision function norm1z(M)
    double complex, intent(in) :: M(:,:)
    norm1z = maxval(sum(abs(M), dim=1))
  end function norm1z

end subroutine legacy_lapack_names

! The F77 symbols in a legacy unit: CALL KBLASF_DPOTRF('L', ...) on an n x n problem
! (lda = n + 3) and CALL KBLASF_ZPOTRS('U', ...) with a factor from ZPOTRF (the LAPACK
! name), 2 right-hand sides (ldb = n + 2).
!   resid(1) ||L L^T - A|| / (n ||A|| eps), resid(2) ||B - A X|| / (||A|| ||X|| n eps);
!   infos(1:3): KBLASF_DPOTRF, ZPOTRF, KBLASF_ZPOTRS.
subroutine legacy_kblasf_names(n, resid, infos)
  implicit none
  integer, intent(in) :: n
  double precision, intent(out) :: resid(2)
  integer, intent(out) :: infos(3)
  integer :: lda, ldb, i, j, info
  double precision, allocatable :: S(:,:), A(:,:), L(:,:), G(:,:), H(:,:), R(:,:), Q(:,:)
  double complex, allocatable :: ZS(:,:), ZA(:,:), ZB(:,:), ZX(:,:)
  external :: kblasf_dpotrf, kblasf_zpotrs, zpotrf

  lda = n + 3
  ldb = n + 2
  allocate (S(n, n), A(lda, n), L(n, n), G(n, n), H(n, n), R(ldb, 2), Q(ldb, 2))
  call random_number(G)
  G = 2 * G - 1
  S = matmul(G, transpose(G)) / n
  do i = 1, n
    S(i, i) = S(i, i) + 1
  end do
  A = -1
  A(1:n, 1:n) = S
  call kblasf_dpotrf('L', n, A, lda, info)
  infos(1) = info
  do j = 1, n
    do i = 1, n
      L(i, j) = 0
      if (i >= j) L(i, j) = A(i, j)
    end do
  end do
  resid(1) = maxval(sum(abs(matmul(L, transpose(L)) - S), dim=1)) / &
       (n * maxval(sum(abs(S), dim=1)) * epsilon(1d0))

  allocate (ZS(n, n), ZA(lda, n), ZB(ldb, 2), ZX(ldb, 2))
  call random_number(G)
  call random_number(H)
  ZS = cmplx(2 * G - 1, 2 * H - 1, kind(ZS))
  ZS = matmul(ZS, conjg(transpose(ZS))) / n
  do i = 1, n
    ZS(i, i) = cmplx(real(ZS(i, i)) + 1, 0d0, kind(ZS))
  end do
  ZA = 0
  ZA(1:n, 1:n) = ZS
  call zpotrf('U', n, ZA, lda, info)
  infos(2) = info
  call random_number(R)
  call random_number(Q)
  ZB = cmplx(R - 0.5d0, Q, kind(ZB))
  ZX = ZB
  call kblasf_zpotrs('U', n, 2, ZA, lda, ZX, ldb, info)
  infos(3) = info
  resid(2) = maxval(sum(abs(ZB(1:n, :) - matmul(ZS, ZX(1:n, :))), dim=1)) / &
       (maxval(sum(abs(ZS), dim=1)) * maxval(sum(abs(ZX(1:n, :)), dim=1)) * n * &
        epsilon(1d0))
end subroutine legacy_kblasf_names

! The tridiagonal reduction in a legacy unit: CALL DSYTRD('L', ...) (the LAPACK name) and
! CALL KBLASF_ZHETRD('U', ...) (the F77 symbol) on n x n problems (lda = n + 1), Q from
! DORGTR / ZUNGTR (LAPACK's own, not kblasf's):
!   resid(1), resid(3)  ||A - Q T Q^H|| / (n ||A|| eps)
!   resid(2), resid(4)  ||I - Q^H Q|| / (n eps)
! infos(1:2) the INFOs of the reductions.
subroutine legacy_sytrd(n, resid, infos)
  implicit none
  integer, intent(in) :: n
  double precision, intent(out) :: resid(4)
  integer, intent(out) :: infos(2)
  integer :: lda, lwork, i, info
  double precision, allocatable :: S(:,:), A(:,:), Q(:,:), T(:,:), d(:), e(:), tau(:), work(:)
  double precision, allocatable :: G(:,:), H(:,:)
  double complex, allocatable :: ZS(:,:), ZA(:,:), ZQ(:,:), ZT(:,:), ztau(:), zwork(:)
  external :: dsytrd, dorgtr, kblasf_zhetrd, zungtr

  lda = n + 1
  lwork = 64 * n
  allocate (S(n, n), A(lda, n), Q(n, n), T(n, n), d(n), e(n), tau(n), work(lwork))
  allocate (G(n, n), H(n, n))
  call random_number(G)
  S = G + transpose(G) - 1
  A = 0
  A(1:n, 1:n) = S
  call dsytrd('L', n, A, lda, d, e, tau, work, lwork, info)
  infos(1) = info
  Q = A(1:n, 1:n)
  call dorgtr('L', n, Q, n, tau, work, lwork, info)
  T = 0
  do i = 1, n
    T(i, i) = d(i)
    if (i < n) then
      T(i + 1, i) = e(i)
      T(i, i + 1) = e(i)
    end if
  end do
  resid(1) = maxval(sum(abs(S - matmul(Q, matmul(T, transpose(Q)))), dim=1)) / &
       (n * maxval(sum(abs(S), dim=1)) * epsilon(1d0))
  G = matmul(transpose(Q), Q)
  do i = 1, n
    G(i, i) = G(i, i) - 1
  end do
  resid(2) = maxval(sum(abs(G), dim=1)) / (n * epsilon(1d0))

  allocate (ZS(n, n), ZA(lda, n), ZQ(n, n), ZT(n, n), ztau(n), zwork(lwork))
  call random_number(G)
  call random_number(H)
  ZS = cmplx(2 * G - 1, 2 * H - 1, kind(ZS))
  ZS = ZS + conjg(transpose(ZS))
  ZA = 0
  ZA(1:n, 1:n) = ZS
  call kblasf_zhetrd('U', n, ZA, lda, d, e, ztau, zwork, lwork, info)
  infos(2) = info
  ZQ = ZA(1:n, 1:n)
  call zungtr('U', n, ZQ, n, ztau, zwork, lwork, info)
  ZT = 0
  do i = 1, n
    ZT(i, i) = d(i)
    if (i < n) then
      ZT(i + 1, i) = e(i)
      ZT(i, i + 1) = e(i)
    end if
  end do
  resid(3) = maxval(sum(abs(ZS - matmul(ZQ, matmul(ZT, conjg(transpose(ZQ))))), dim=1)) / &
       (n * maxval(sum(abs(ZS), dim=1)) * epsilon(1d0))
  ZT = matmul(conjg(transpose(ZQ)), ZQ)
  do i = 1, n
    ZT(i, i) = ZT(i, i) - 1
  end do
  resid(4) = maxval(sum(abs(ZT), dim=1)) / (n * epsilon(1d0))
end subroutine legacy_sytrd

! The bidiagonal reduction in a legacy unit: CALL DGEBRD (the LAPACK name) on an m x n
! problem (lda = m + 2), Q and P^T from DORGBR:
!   resid(1) ||A - Q B P^T|| / (max(m,n) ||A|| eps), resid(2) ||I - Q^T Q|| / (m eps),
!   resid(3) ||I - P^T P|| / (n eps);  info the INFO of DGEBRD.
subroutine legacy_gebrd(m, n, resid, info)
  implicit none
  integer, intent(in) :: m, n
  double precision, intent(out) :: resid(3)
  integer, intent(out) :: info
  integer :: lda, k, lwork, i, jnfo
  double precision, allocatable :: S(:,:), A(:,:), Q(:,:), PT(:,:), B(:,:), d(:), e(:)
  double precision, allocatable :: tq(:), tp(:), work(:), G(:,:)
  external :: dgebrd, dorgbr

  lda = m + 2
  k = min(m, n)
  lwork = 64 * (m + n)
  allocate (S(m, n), A(lda, n), Q(m, k), PT(k, n), B(k, k), d(k), e(k), tq(k), tp(k))
  allocate (work(lwork))
  call random_number(S)
  S = 2 * S - 1
  A = 0
  A(1:m, 1:n) = S
  call dgebrd(m, n, A, lda, d, e, tq, tp, work, lwork, info)
  Q = A(1:m, 1:k)
  call dorgbr('Q', m, k, n, Q, m, tq, work, lwork, jnfo)
  PT = A(1:k, 1:n)
  call dorgbr('P', k, n, m, PT, k, tp, work, lwork, jnfo)
  B = 0
  do i = 1, k
    B(i, i) = d(i)
    if (i < k .and. m >= n) B(i, i + 1) = e(i)
    if (i < k .and. m < n) B(i + 1, i) = e(i)
  end do
  resid(1) = maxval(sum(abs(S - matmul(Q, matmul(B, PT))), dim=1)) / &
       (max(m, n) * maxval(sum(abs(S), dim=1)) * epsilon(1d0))
  allocate (G(k, k))
  G = matmul(transpose(Q), Q)
  do i = 1, k
    G(i, i) = G(i, i) - 1
  end do
  resid(2) = maxval(sum(abs(G), dim=1)) / (m * epsilon(1d0))
  G = matmul(PT, transpose(PT))
  do i = 1, k
    G(i, i) = G(i, i) - 1
  end do
  resid(3) = maxval(sum(abs(G), dim=1)) / (n * epsilon(1d0))
end subroutine legacy_gebrd
