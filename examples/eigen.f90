! eigen.f90 — a dense symmetric eigenproblem whose eigenvalues are known in closed form,
! solved by an unmodified CALL DSYEVD. No kblasf call: linked -lkblasf -llapack -lblas,
! LAPACK's DSYEVD finds kblasf's DSYTRD (the reduction to tridiagonal form, most of the
! time) ahead of LAPACK's; linked -llapack -lblas alone, the same source is the baseline.
!
! usage: eigen [n [V|N]]    n: order (default 1000); V: eigenvalues and vectors (default),
!                           N: eigenvalues only (no residual checks then)
!
! A is the 5-point Laplacian of a p x q grid (p*q = n, p the largest divisor of n with
! p <= sqrt(n)) in a random orthogonal basis: A = Q diag(lambda) Q^T with
!   lambda(i,j) = 4 - 2 cos(i pi/(p+1)) - 2 cos(j pi/(q+1)),
! which is that Laplacian up to its own orthogonal (sine) basis, absorbed into the random
! Q. The grid's symmetry gives repeated eigenvalues when p = q, a fair test of the
! eigenvectors' orthogonality. Checks (LAPACK's DSYT21 ratios, 1-norms, eps = 2.2e-16):
!   max |w - lambda| / (n eps max|lambda|), ||A Z - Z W|| / (n ||A|| eps), ||I - Z^T Z|| / (n eps)
! each must be below 60; the program exits with status 1 otherwise.
program eigen
  use, intrinsic :: iso_fortran_env, only: dp => real64, int64, error_unit
  implicit none
  real(dp), parameter :: pi = acos(-1.0_dp), eps = epsilon(1.0_dp), thresh = 60
  integer :: n, p, q, i, j, info, lwork, liwork, iseed(4)
  character :: jobz
  character(len=32) :: arg
  real(dp), allocatable :: a(:,:), z(:,:), r(:,:), w(:), lam(:), d(:), e(:), tau(:), work(:)
  integer, allocatable :: iwork(:)
  real(dp) :: t_solve, t_red, t_tri, t_back, anorm, err, ratio(3), t0
  real(dp), allocatable :: zt(:,:)
  real(dp) :: query(1)
  integer :: iquery(1)
  logical :: ok
  real(dp), external :: dlange, dlansy

  ! ---------------------------------------------------------------- arguments
  n = 1000
  jobz = 'V'
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *, iostat=info) n
    if (info /= 0 .or. n < 1) call usage()
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg)
    jobz = arg(1:1)
    if (jobz == 'v') jobz = 'V'
    if (jobz == 'n') jobz = 'N'
    if (jobz /= 'V' .and. jobz /= 'N') call usage()
  end if

  ! ---------------------------------------------------------------- the problem
  p = int(sqrt(real(n, dp)))
  do while (mod(n, p) /= 0)
    p = p - 1
  end do
  q = n / p
  allocate (a(n, n), z(n, n), r(n, n), w(n), lam(n), d(n), e(n), tau(n))
  do j = 1, q
    do i = 1, p
      lam(i + (j - 1) * p) = 4 - 2 * cos(i * pi / (p + 1)) - 2 * cos(j * pi / (q + 1))
    end do
  end do

  ! Q: the orthogonal factor of a matrix of normal random numbers (fixed seed, so every run
  ! and both builds solve the same A). DLARNV one column at a time keeps its N small.
  iseed = [1, 2, 3, 5]
  do j = 1, n
    call dlarnv(3, iseed, n, r(:, j))
  end do
  call dgeqrf(n, n, r, n, tau, query, -1, info)
  lwork = int(query(1))
  allocate (work(lwork))
  call dgeqrf(n, n, r, n, tau, work, lwork, info)
  call check(info, 'DGEQRF')
  call dorgqr(n, n, n, r, n, tau, query, -1, info)
  if (int(query(1)) > lwork) then
    lwork = int(query(1))
    deallocate (work)
    allocate (work(lwork))
  end if
  call dorgqr(n, n, n, r, n, tau, work, lwork, info)
  call check(info, 'DORGQR')
  ! Every lambda is positive, so A = (Q sqrt(L)) (Q sqrt(L))^T, one DSYRK: half a DGEMM.
  ! Only the lower triangle of A is set; every call below reads that one (UPLO = 'L').
  do j = 1, n
    z(:, j) = r(:, j) * sqrt(lam(j))
  end do
  call dsyrk('L', 'N', n, n, 1.0_dp, z, n, 0.0_dp, a, n)
  call dlasrt('I', n, lam, info)   ! DSYEVD returns its eigenvalues in ascending order

  ! ---------------------------------------------------------------- the reduction alone
  ! DSYTRD on a copy of A, timed by itself: DSYEVD spends most of its time in this call,
  ! the one kblasf accelerates.
  z = a
  call dsytrd('L', n, z, n, d, e, tau, query, -1, info)
  call grow(int(query(1)))
  t0 = wall()
  call dsytrd('L', n, z, n, d, e, tau, work, lwork, info)
  t_red = wall() - t0
  call check(info, 'DSYTRD')
  ! DSYEVD's other two stages on that result, timed the same way: the tridiagonal
  ! eigensolver (DSTEDC with vectors, DSTERF without) and the back-transformation of the
  ! eigenvectors by the reflectors (DORMTR)
  t_back = 0
  if (jobz == 'V') then
    allocate (zt(n, n))
    call dstedc('I', n, d, e, zt, n, query, -1, iquery, -1, info)
    call grow(int(query(1)))
    allocate (iwork(iquery(1)))
    t0 = wall()
    call dstedc('I', n, d, e, zt, n, work, lwork, iwork, iquery(1), info)
    t_tri = wall() - t0
    call check(info, 'DSTEDC')
    deallocate (iwork)
    call dormtr('L', 'L', 'N', n, n, z, n, tau, zt, n, query, -1, info)
    call grow(int(query(1)))
    t0 = wall()
    call dormtr('L', 'L', 'N', n, n, z, n, tau, zt, n, work, lwork, info)
    t_back = wall() - t0
    call check(info, 'DORMTR')
    deallocate (zt)
  else
    t0 = wall()
    call dsterf(n, d, e, info)
    t_tri = wall() - t0
    call check(info, 'DSTERF')
  end if

  ! ---------------------------------------------------------------- the solve
  z = a
  call dsyevd(jobz, 'L', n, z, n, w, query, -1, iquery, -1, info)
  call grow(int(query(1)))
  liwork = iquery(1)
  allocate (iwork(liwork))
  t0 = wall()
  call dsyevd(jobz, 'L', n, z, n, w, work, lwork, iwork, liwork, info)
  t_solve = wall() - t0
  call check(info, 'DSYEVD')
  deallocate (work, iwork)

  ! ---------------------------------------------------------------- the checks
  err = maxval(abs(w - lam))
  ratio(1) = err / (n * eps * maxval(abs(lam)))
  ratio(2:3) = 0
  if (jobz == 'V') then
    allocate (work(n))
    anorm = dlansy('1', 'L', n, a, n, work)
    ! r = A Z - Z W
    call dsymm('L', 'L', n, n, 1.0_dp, a, n, z, n, 0.0_dp, r, n)
    do j = 1, n
      r(:, j) = r(:, j) - w(j) * z(:, j)
    end do
    ratio(2) = dlange('1', n, n, r, n, work) / (n * anorm * eps)
    ! r = I - Z^T Z (lower triangle)
    r = 0
    do j = 1, n
      r(j, j) = 1
    end do
    call dsyrk('L', 'T', n, n, -1.0_dp, z, n, 1.0_dp, r, n)
    ratio(3) = dlansy('1', 'L', n, r, n, work) / (n * eps)
  end if

  ! ---------------------------------------------------------------- the report
  ok = all(ratio < thresh)
  write (*, '(a,a,a)') 'eigen: dense symmetric eigenproblem, CALL DSYEVD(JOBZ=''', jobz, &
    ''', UPLO=''L'')'
  write (*, '(2x,a,t42,i10,a,i0,a,i0,a)') 'n', n, '  (5-point Laplacian of a ', p, ' x ', q, &
    ' grid, random orthogonal basis)'
  write (*, '(2x,a,t42,f10.3,a)') 'time of the whole solve (DSYEVD)', t_solve, ' s'
  ! (the share of the solve only where the solve takes long enough to time it)
  if (t_solve >= 0.01_dp) then
    write (*, '(2x,a,t42,f10.3,a,i0,a)') 'time of the reduction (DSYTRD)', t_red, ' s  (', &
      nint(100 * t_red / t_solve), '% of the solve, timed on a copy of A)'
  else
    write (*, '(2x,a,t42,f10.3,a)') 'time of the reduction (DSYTRD)', t_red, &
      ' s  (timed on a copy of A)'
  end if
  if (jobz == 'V') then
    write (*, '(2x,a,t42,f10.3,a)') 'tridiagonal solver (DSTEDC)', t_tri, &
      ' s  (each stage timed on its own)'
    write (*, '(2x,a,t42,f10.3,a)') 'back-transformation (DORMTR)', t_back, ' s'
  else
    write (*, '(2x,a,t42,f10.3,a)') 'tridiagonal solver (DSTERF)', t_tri, &
      ' s  (each stage timed on its own)'
  end if
  write (*, '(2x,a,t42,es10.2,a)') 'max |w - lambda|', err, '  (lambda: the closed form)'
  call line('max |w - lambda| / (n eps max|lambda|)', ratio(1))
  if (jobz == 'V') then
    call line('||A Z - Z W|| / (n ||A|| eps)', ratio(2))
    call line('||I - Z^T Z|| / (n eps)', ratio(3))
  end if
  if (.not. ok) then
    write (*, '(a)') 'eigen: FAIL'
    stop 1
  end if
  write (*, '(a)') 'eigen: PASS'

contains

  ! Wall-clock seconds: system_clock with 64-bit counts (nanosecond-ish resolution in gfortran).
  function wall() result(t)
    real(dp) :: t
    integer(int64) :: count, rate
    call system_clock(count, rate)
    t = real(count, dp) / real(rate, dp)
  end function wall

  subroutine grow(need)
    integer, intent(in) :: need
    if (need <= lwork) return
    lwork = need
    deallocate (work)
    allocate (work(lwork))
  end subroutine grow

  subroutine line(what, x)
    character(len=*), intent(in) :: what
    real(dp), intent(in) :: x
    character(len=4) :: verdict
    verdict = merge('PASS', 'FAIL', x < thresh)
    write (*, '(2x,a,t42,f10.4,2x,a,a,i0,a)') what, x, verdict, ' (< ', int(thresh), ')'
  end subroutine line

  subroutine check(info, name)
    integer, intent(in) :: info
    character(len=*), intent(in) :: name
    if (info /= 0) then
      write (*, '(a,a,a,i0)') 'eigen: ', name, ' returned info = ', info
      stop 1
    end if
  end subroutine check

  subroutine usage()
    write (error_unit, '(a)') &
      'usage: eigen [n [V|N]]   (n >= 1, default 1000; V: with eigenvectors)'
    stop 2
  end subroutine usage

end program eigen
