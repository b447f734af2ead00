! svd.f90 — a dense singular value problem whose singular values are known in closed form,
! solved by an unmodified CALL DGESVD. No kblasf call: linked -lkblasf -llapack -lblas,
! LAPACK's DGESVD finds kblasf's DGEBRD (the reduction to bidiagonal form) ahead of
! LAPACK's; linked -llapack -lblas alone, the same source is the baseline.
!
! usage: svd [m [n [V|N]]]   m x n: the matrix (default 1000 x m; m < n works too);
!                            V: singular values and vectors (default), N: values only
!
! With k = min(m,n), A = U0 diag(sigma) V0^T, U0 (m x k) and V0 (n x k) orthonormal and
! random, sigma(j) = 2 sin(j pi / (2(k+1))): the singular values of the (k+1) x k first
! difference matrix (the square roots of the 1D Laplacian's eigenvalues). Checks (LAPACK's
! DBDT01/DORT01 ratios, 1-norms, eps = 2.2e-16):
!   max |s - sigma| / (k eps max sigma), ||A - U S V^T|| / (max(m,n) ||A|| eps),
!   ||I - U^T U|| / (m eps), ||I - V^T V|| / (n eps)
! each must be below 60; the program exits with status 1 otherwise.
program svd
  use, intrinsic :: iso_fortran_env, only: dp => real64, int64, error_unit
  implicit none
  real(dp), parameter :: pi = acos(-1.0_dp), eps = epsilon(1.0_dp), thresh = 60
  integer :: m, n, k, j, info, lwork, iseed(4)
  character :: job
  character(len=32) :: arg
  real(dp), allocatable :: a(:,:), z(:,:), u(:,:), vt(:,:), r(:,:), s(:), sigma(:)
  real(dp), allocatable :: d(:), e(:), tauq(:), taup(:), work(:)
  real(dp) :: t_solve, t_red, anorm, err, ratio(4), t0, query(1)
  logical :: ok
  real(dp), external :: dlange, dlansy

  ! ---------------------------------------------------------------- arguments
  m = 1000
  job = 'V'
  if (command_argument_count() >= 1) m = int_arg(1)
  n = m
  if (command_argument_count() >= 2) n = int_arg(2)
  if (command_argument_count() >= 3) then
    call get_command_argument(3, arg)
    job = arg(1:1)
    if (job == 'v') job = 'V'
    if (job == 'n') job = 'N'
    if (job /= 'V' .and. job /= 'N') call usage()
  end if
  k = min(m, n)

  ! ---------------------------------------------------------------- the problem
  allocate (a(m, n), z(m, n), u(m, k), vt(k, n), r(m, n), s(k), sigma(k))
  allocate (d(k), e(k), tauq(k), taup(k), work(1))
  lwork = 1
  do j = 1, k
    sigma(j) = 2 * sin(j * pi / (2 * (k + 1)))
  end do
  call dlasrt('D', k, sigma, info)   ! DGESVD returns its singular values in descending order

  ! U0 and V0: the orthonormal factors of matrices of normal random numbers (fixed seed, so
  ! every run and both builds solve the same A). V0 is built in r, then A = (U0 S) V0^T.
  iseed = [1, 2, 3, 5]
  call random_orthonormal(m, u)
  call random_orthonormal(n, r)
  do j = 1, k
    u(:, j) = u(:, j) * sigma(j)
  end do
  call dgemm('N', 'T', m, n, k, 1.0_dp, u, m, r, n, 0.0_dp, a, m)

  ! ---------------------------------------------------------------- the reduction alone
  ! DGEBRD on a copy of A, timed by itself: DGESVD's reduction to bidiagonal form, the call
  ! kblasf accelerates. (When m is much larger than n, DGESVD first factors A = QR and
  ! reduces the n x n R; this times the reduction of the whole of A.)
  z = a
  call dgebrd(m, n, z, m, d, e, tauq, taup, query, -1, info)
  call grow(int(query(1)))
  t0 = wall()
  call dgebrd(m, n, z, m, d, e, tauq, taup, work, lwork, info)
  t_red = wall() - t0
  call check(info, 'DGEBRD')

  ! ---------------------------------------------------------------- the solve
  z = a
  call dgesvd(job_uv(), job_uv(), m, n, z, m, s, u, m, vt, k, query, -1, info)
  call grow(int(query(1)))
  t0 = wall()
  call dgesvd(job_uv(), job_uv(), m, n, z, m, s, u, m, vt, k, work, lwork, info)
  t_solve = wall() - t0
  call check(info, 'DGESVD')

  ! ---------------------------------------------------------------- the checks
  err = maxval(abs(s - sigma))
  ratio(1) = err / (k * eps * sigma(1))
  ratio(2:4) = 0
  if (job == 'V') then
    call grow(max(m, n))
    anorm = dlange('1', m, n, a, m, work)
    ! r = A - U S V^T
    r = a
    do j = 1, k
      z(:, j) = u(:, j) * s(j)
    end do
    call dgemm('N', 'N', m, n, k, -1.0_dp, z, m, vt, k, 1.0_dp, r, m)
    ratio(2) = dlange('1', m, n, r, m, work) / (max(m, n) * anorm * eps)
    ! r(1:k, 1:k) = I - U^T U, then I - V^T V (= I - VT VT^T), lower triangles
    call identity(k, r)
    call dsyrk('L', 'T', k, m, -1.0_dp, u, m, 1.0_dp, r, m)
    ratio(3) = dlansy('1', 'L', k, r, m, work) / (m * eps)
    call identity(k, r)
    call dsyrk('L', 'N', k, n, -1.0_dp, vt, k, 1.0_dp, r, m)
    ratio(4) = dlansy('1', 'L', k, r, m, work) / (n * eps)
  end if

  ! ---------------------------------------------------------------- the report
  ok = all(ratio < thresh)
  write (*, '(a,a,a,a,a)') 'svd: singular value decomposition, CALL DGESVD(JOBU=''', job_uv(), &
    ''', JOBVT=''', job_uv(), ''')'
  write (*, '(2x,a,t42,i10,a,i0,a)') 'm x n', m, ' x ', n, &
    '  (first-difference singular values, random orthonormal bases)'
  write (*, '(2x,a,t42,f10.3,a)') 'time of the whole solve (DGESVD)', t_solve, ' s'
  ! (the share of the solve only where the solve takes long enough to time it)
  if (t_solve >= 0.01_dp) then
    write (*, '(2x,a,t42,f10.3,a,i0,a)') 'time of the reduction (DGEBRD)', t_red, ' s  (', &
      nint(100 * t_red / t_solve), '% of the solve, timed on a copy of A)'
  else
    write (*, '(2x,a,t42,f10.3,a)') 'time of the reduction (DGEBRD)', t_red, &
      ' s  (timed on a copy of A)'
  end if
  write (*, '(2x,a,t42,es10.2,a)') 'max |s - sigma|', err, '  (sigma: the closed form)'
  call line('max |s - sigma| / (k eps max sigma)', ratio(1))
  if (job == 'V') then
    call line('||A - U S V^T|| / (max(m,n) ||A|| eps)', ratio(2))
    call line('||I - U^T U|| / (m eps)', ratio(3))
    call line('||I - V^T V|| / (n eps)', ratio(4))
  end if
  if (.not. ok) then
    write (*, '(a)') 'svd: FAIL'
    stop 1
  end if
  write (*, '(a)') 'svd: PASS'

contains

  ! DGESVD's JOBU and JOBVT: 'S' (the k leading singular vectors) or 'N' (none).
  character function job_uv()
    job_uv = merge('S', 'N', job == 'V')
  end function job_uv

  ! q(1:rows, 1:k): orthonormal columns, the Q of a QR factorization of random normal numbers.
  subroutine random_orthonormal(rows, q)
    integer, intent(in) :: rows
    real(dp), intent(inout) :: q(:, :)
    real(dp) :: tau(k)
    integer :: i
    do i = 1, k
      call dlarnv(3, iseed, rows, q(:, i))
    end do
    call dgeqrf(rows, k, q, rows, tau, query, -1, info)
    call grow(int(query(1)))
    call dgeqrf(rows, k, q, rows, tau, work, lwork, info)
    call check(info, 'DGEQRF')
    call dorgqr(rows, k, k, q, rows, tau, query, -1, info)
    call grow(int(query(1)))
    call dorgqr(rows, k, k, q, rows, tau, work, lwork, info)
    call check(info, 'DORGQR')
  end subroutine random_orthonormal

  subroutine identity(order, x)
    integer, intent(in) :: order
    real(dp), intent(inout) :: x(:, :)
    integer :: i
    x(1:order, 1:order) = 0
    do i = 1, order
      x(i, i) = 1
    end do
  end subroutine identity

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
    write (*, '(2x,a,t42,f10.4,2x,a,a,i0,a)') what, x, merge('PASS', 'FAIL', x < thresh), &
      ' (< ', int(thresh), ')'
  end subroutine line

  subroutine check(info, name)
    integer, intent(in) :: info
    character(len=*), intent(in) :: name
    if (info /= 0) then
      write (*, '(a,a,a,i0)') 'svd: ', name, ' returned info = ', info
      stop 1
    end if
  end subroutine check

  integer function int_arg(i)
    integer, intent(in) :: i
    integer :: ios
    call get_command_argument(i, arg)
    read (arg, *, iostat=ios) int_arg
    if (ios /= 0 .or. int_arg < 1) call usage()
  end function int_arg

  subroutine usage()
    write (error_unit, '(a)') &
      'usage: svd [m [n [V|N]]]   (m, n >= 1, default 1000 x m; V: with vectors)'
    stop 2
  end subroutine usage

end program svd
