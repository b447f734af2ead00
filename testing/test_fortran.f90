! test_fortran — end-to-end test of the Fortran module kblasf, used exactly as a user
! would: a handle from kblasf_create, "device" memory from kblasf_malloc filled and read
! back with kblasf_set_matrix / kblasf_get_matrix, the matrix-vector products checked
! against Fortran references, and illegal arguments reported through the program's own
! XERBLA (defined at the end of this file, outside the program unit, so that it replaces
! the BLAS one).  Never touches device memory directly: it also runs on a GPU.
!
! Ends with the line "test_fortran: N passed, N failed" and stop 1 on any failure.

! State recorded by the XERBLA override below.
module test_fortran_xerbla
  implicit none
  character(len=64) :: xerbla_name = ''
  integer :: xerbla_info = 0
  integer :: xerbla_calls = 0
end module test_fortran_xerbla

program test_fortran
  use, intrinsic :: iso_c_binding
  use, intrinsic :: ieee_arithmetic
  use kblasf
  use test_fortran_xerbla
  implicit none

  ! A scaled residual below this passes.
  real(c_double), parameter :: tol = 10.0_c_double
  integer(c_size_t), parameter :: es_s = c_sizeof(0.0_c_float)
  integer(c_size_t), parameter :: es_d = c_sizeof(0.0_c_double)
  integer(c_size_t), parameter :: es_c = c_sizeof((0.0_c_float, 0.0_c_float))
  integer(c_size_t), parameter :: es_z = c_sizeof((0.0_c_double, 0.0_c_double))

  ! The random 40x30 matrix of the dgemv tests, on the host and on the device (ldda > m).
  integer(kblasf_int), parameter :: am = 40, an = 30, ldda = 43

  type(c_ptr) :: h = c_null_ptr, dA = c_null_ptr
  real(c_double), allocatable, target :: A(:,:), Apad(:,:)
  integer :: npass = 0, nfail = 0
  integer(c_int) :: st
  character(len=8) :: backend_name

  call init_random()

  st = kblasf_create(h, -1_c_int)
  call check_status(st, 'kblasf_create')
  if (st /= KBLASF_STATUS_SUCCESS .or. .not. c_associated(h)) call finish()
  select case (kblasf_get_backend(h))
  case (KBLASF_BACKEND_CUDA)
    backend_name = 'cuda'
  case (KBLASF_BACKEND_HOST)
    backend_name = 'host'
  case default
    backend_name = '?'
  end select
  write (*, '(a,a,a,i0,a)') 'test_fortran: backend ', trim(backend_name), ' (', &
       kblasf_device_count(), ' CUDA devices)'

  call test_round_trip()
  call check_status(kblasf_set_trsm_leaves(h, KBLASF_TRSM_LEAVES_INVERT), 'kblasf_set_trsm_leaves')
  call check(kblasf_set_trsm_leaves(h, 9_c_int) == KBLASF_STATUS_INVALID_VALUE, &
       'kblasf_set_trsm_leaves rejects a bad mode')
  call check_status(kblasf_set_trsm_leaves(h, KBLASF_TRSM_LEAVES_DEFAULT), 'kblasf_set_trsm_leaves')

  ! The dgemv matrix: random in [-1, 1), uploaded once with ldda > am.
  allocate (A(am, an), Apad(ldda, an))
  call random_number(A)
  A = 2 * A - 1
  Apad = 7.0e200_c_double          ! rows am+1:ldda are never part of the matrix
  Apad(1:am, :) = A
  dA = dev_alloc(int(ldda, c_size_t) * int(an, c_size_t) * es_d, 'dgemv A')
  call put(c_loc(Apad), ldda, an, es_d, ldda, dA, ldda, 'dgemv A')

  ! Full matrix, then the submatrix at offsets (3,5) through kblasf_dgemv_offset.
  call test_dgemv('N', am, an, 0_kblasf_int, 0_kblasf_int, 1_kblasf_int, .false., &
       0.8_c_double, -0.6_c_double, .false.)
  call test_dgemv('T', am, an, 0_kblasf_int, 0_kblasf_int, 1_kblasf_int, .false., &
       0.8_c_double, -0.6_c_double, .false.)
  call test_dgemv('N', am, an, 0_kblasf_int, 0_kblasf_int, 2_kblasf_int, .false., &
       -1.3_c_double, 0.5_c_double, .false.)
  call test_dgemv('T', am, an, 0_kblasf_int, 0_kblasf_int, 2_kblasf_int, .false., &
       -1.3_c_double, 0.5_c_double, .false.)
  call test_dgemv('N', 31_kblasf_int, 22_kblasf_int, 3_kblasf_int, 5_kblasf_int, &
       1_kblasf_int, .true., 0.8_c_double, -0.6_c_double, .false.)
  call test_dgemv('T', 31_kblasf_int, 22_kblasf_int, 3_kblasf_int, 5_kblasf_int, &
       1_kblasf_int, .true., 0.8_c_double, -0.6_c_double, .false.)
  call test_dgemv('N', 37_kblasf_int, 25_kblasf_int, 3_kblasf_int, 5_kblasf_int, &
       2_kblasf_int, .true., 1.7_c_double, 1.0_c_double, .false.)
  call test_dgemv('T', 37_kblasf_int, 25_kblasf_int, 3_kblasf_int, 5_kblasf_int, &
       2_kblasf_int, .true., 1.7_c_double, 1.0_c_double, .false.)
  ! beta = 0 with y full of NaN: y must not be read.
  call test_dgemv('N', am, an, 0_kblasf_int, 0_kblasf_int, 1_kblasf_int, .false., &
       1.1_c_double, 0.0_c_double, .true.)
  call test_dgemv('T', 31_kblasf_int, 22_kblasf_int, 3_kblasf_int, 5_kblasf_int, &
       2_kblasf_int, .true., 1.1_c_double, 0.0_c_double, .true.)

  call test_dsymv_lower(17_kblasf_int, 20_kblasf_int, 0.9_c_double, 0.3_c_double, .false.)
  call test_dsymv_lower(17_kblasf_int, 20_kblasf_int, -2.0_c_double, 0.0_c_double, .true.)
  call test_zhemv_offset_upper(25_kblasf_int, 27_kblasf_int, 2_kblasf_int, 19_kblasf_int, &
       (0.7_c_double, -0.3_c_double), (-0.4_c_double, 0.9_c_double), .false.)
  call test_zhemv_offset_upper(25_kblasf_int, 27_kblasf_int, 2_kblasf_int, 19_kblasf_int, &
       (1.2_c_double, 0.5_c_double), (0.0_c_double, 0.0_c_double), .true.)
  call test_sgemv()
  call test_cgemv()
  call test_arg_errors()
  call test_f77_dtrmm()

  call check_status(kblasf_free(h, dA), 'kblasf_free dgemv A')
  dA = c_null_ptr
  call check_status(kblasf_destroy(h), 'kblasf_destroy')
  h = c_null_ptr
  call finish()

contains

  ! ---- bookkeeping -------------------------------------------------------------

  ! The legacy path (see legacy_dtrmm below, a unit without `use kblasf`).
  subroutine test_f77_dtrmm()
    real(c_double) :: resid
    logical :: untouched
    external :: legacy_dtrmm
    call legacy_dtrmm(resid, untouched)
    call check_resid(resid, 'KBLASF_DTRMM (F77 symbol) vs DTRMM')
    call check(untouched, 'KBLASF_DTRMM leaves rows m+1:ldb alone')
  end subroutine test_f77_dtrmm

  subroutine check(cond, desc)
    logical, intent(in) :: cond
    character(len=*), intent(in) :: desc
    if (cond) then
      npass = npass + 1
    else
      nfail = nfail + 1
      write (*, '(a,a)') 'FAIL ', desc
    end if
  end subroutine check

  subroutine check_status(status, desc)
    integer(c_int), intent(in) :: status
    character(len=*), intent(in) :: desc
    character(len=16) :: buf
    write (buf, '(i0)') status
    call check(status == KBLASF_STATUS_SUCCESS, desc // ': status ' // trim(buf))
  end subroutine check_status

  ! A scaled residual check: desc gets the residual appended on failure.
  subroutine check_resid(r, desc)
    real(c_double), intent(in) :: r
    character(len=*), intent(in) :: desc
    character(len=32) :: buf
    write (buf, '(es10.3)') r
    call check(r < tol, desc // ': scaled residual ' // trim(adjustl(buf)))
  end subroutine check_resid

  subroutine finish()
    write (*, '(a,i0,a,i0,a)') 'test_fortran: ', npass, ' passed, ', nfail, ' failed'
    if (nfail > 0 .or. npass == 0) stop 1
    stop
  end subroutine finish

  subroutine init_random()
    integer :: n, i
    integer, allocatable :: seed(:)
    call random_seed(size=n)
    allocate (seed(n))
    seed = [(20240611 + 7919 * i, i = 1, n)]
    call random_seed(put=seed)
  end subroutine init_random

  ! max_i diff(i) / (eps * (k+1) * bnd(i)), where bnd(i) = |alpha| (|A||x|)(i) + |beta||y0(i)|.
  ! NaN or a nonzero difference against a zero bound give huge().
  real(c_double) function scaled_resid(diff, bnd, k, eps) result(r)
    real(c_double), intent(in) :: diff(:), bnd(:), eps
    integer(kblasf_int), intent(in) :: k
    real(c_double) :: den
    integer :: i
    r = 0
    do i = 1, size(diff)
      if (ieee_is_nan(diff(i)) .or. .not. ieee_is_finite(diff(i))) then
        r = huge(r)
        return
      end if
      den = eps * real(k + 1, c_double) * bnd(i)
      if (den > 0) then
        r = max(r, diff(i) / den)
      else if (diff(i) > 0) then
        r = huge(r)
        return
      end if
    end do
  end function scaled_resid

  ! ---- device memory -----------------------------------------------------------

  type(c_ptr) function dev_alloc(bytes, what) result(p)
    integer(c_size_t), intent(in) :: bytes
    character(len=*), intent(in) :: what
    p = c_null_ptr
    call check_status(kblasf_malloc(h, p, bytes), 'kblasf_malloc ' // what)
  end function dev_alloc

  subroutine dev_free(p, what)
    type(c_ptr), intent(inout) :: p
    character(len=*), intent(in) :: what
    call check_status(kblasf_free(h, p), 'kblasf_free ' // what)
    p = c_null_ptr
  end subroutine dev_free

  ! m x n matrix from host (lda) to device (ld).
  subroutine put(hp, m, n, es, lda, dp, ld, what)
    type(c_ptr), intent(in) :: hp, dp
    integer(kblasf_int), intent(in) :: m, n, lda, ld
    integer(c_size_t), intent(in) :: es
    character(len=*), intent(in) :: what
    call check_status(kblasf_set_matrix(h, m, n, es, hp, lda, dp, ld), &
         'kblasf_set_matrix ' // what)
  end subroutine put

  ! m x n matrix from device (ld) to host (lda); waits for the handle's stream.
  subroutine get(dp, m, n, es, ld, hp, lda, what)
    type(c_ptr), intent(in) :: dp, hp
    integer(kblasf_int), intent(in) :: m, n, ld, lda
    integer(c_size_t), intent(in) :: es
    character(len=*), intent(in) :: what
    call check_status(kblasf_get_matrix(h, m, n, es, dp, ld, hp, lda), &
         'kblasf_get_matrix ' // what)
    call check_status(kblasf_synchronize(h), 'kblasf_synchronize ' // what)
  end subroutine get

  ! ---- tests -------------------------------------------------------------------

  ! set_matrix / get_matrix of a 5x4 matrix, host lda 7, device ldda 6: bit for bit,
  ! and the host padding rows are left alone.
  subroutine test_round_trip()
    integer(kblasf_int), parameter :: m = 5, n = 4, lda = 7, ld = 6
    real(c_double), target :: hA(lda, n), hB(lda, n)
    type(c_ptr) :: d
    call random_number(hA)
    hA(1, 1) = -0.0_c_double
    hA(2, 1) = tiny(1.0_c_double) / 4     ! subnormal
    hA(3, 1) = -huge(1.0_c_double)
    hA(m+1:, :) = -99.0_c_double
    hB = 42.0_c_double
    d = dev_alloc(int(ld * n, c_size_t) * es_d, 'round trip')
    call put(c_loc(hA), m, n, es_d, lda, d, ld, 'round trip')
    call get(d, m, n, es_d, ld, c_loc(hB), lda, 'round trip')
    call check(all(transfer(hB(1:m, :), 0_c_int64_t, m * n) == &
                   transfer(hA(1:m, :), 0_c_int64_t, m * n)), &
         'set_matrix/get_matrix round trip (5x4, lda 7, ldda 6) is not bit for bit')
    call check(all(hB(m+1:, :) == 42.0_c_double), &
         'get_matrix wrote past m rows of the host matrix')
    call dev_free(d, 'round trip')
  end subroutine test_round_trip

  ! y := alpha op(A(offr+1:offr+m, offc+1:offc+n)) x + beta y on the device matrix dA,
  ! through kblasf_dgemv (offsets 0) or kblasf_dgemv_offset; incx = 1.
  subroutine test_dgemv(trans_arg, m, n, offr, offc, incy, use_offset, alpha, beta, nan_y)
    character(kind=c_char), intent(in) :: trans_arg
    integer(kblasf_int), intent(in) :: m, n, offr, offc, incy
    logical, intent(in) :: use_offset, nan_y
    real(c_double), intent(in) :: alpha, beta
    real(c_double), parameter :: gap = 1234.5_c_double
    real(c_double), allocatable, target :: x(:), y0(:), y(:)
    real(c_double), allocatable :: sub(:,:), yref(:), bnd(:), ys(:)
    integer(kblasf_int) :: lenx, leny, ly, k
    type(c_ptr) :: dx, dy
    character(len=96) :: desc
    real(c_double) :: nan
    ! A local copy: gfortran 12 passes garbage when a character dummy argument is given
    ! directly to a character(kind=c_char), value argument of a bind(C) interface.
    character(kind=c_char) :: trans

    trans = trans_arg
    if (trans == 'N') then
      lenx = n; leny = m; k = n
    else
      lenx = m; leny = n; k = m
    end if
    ly = 1 + (leny - 1) * incy
    if (use_offset) then
      write (desc, '(a,a,a,i0,a,i0,a,i0,a,i0,a,i0)') 'kblasf_dgemv_offset ', trans, ' ', &
           m, 'x', n, ' at (', offr, ',', offc, ') incy=', incy
    else
      write (desc, '(a,a,a,i0,a,i0,a,i0)') 'kblasf_dgemv ', trans, ' ', m, 'x', n, &
           ' incy=', incy
    end if
    if (nan_y) desc = trim(desc) // ' beta=0 y=NaN'

    allocate (x(lenx), y0(ly), y(ly))
    call random_number(x)
    x = 2 * x - 1
    y0 = gap
    allocate (ys(leny))
    call random_number(ys)
    if (nan_y) then
      nan = ieee_value(nan, ieee_quiet_nan)
      ys = nan
    end if
    y0(1:ly:incy) = ys
    y = 0

    dx = dev_alloc(int(lenx, c_size_t) * es_d, 'x')
    dy = dev_alloc(int(ly, c_size_t) * es_d, 'y')
    call put(c_loc(x), lenx, 1_kblasf_int, es_d, lenx, dx, lenx, 'x')
    call put(c_loc(y0), ly, 1_kblasf_int, es_d, ly, dy, ly, 'y')
    if (use_offset) then
      call check_status(kblasf_dgemv_offset(h, trans, m, n, alpha, dA, ldda, dx, &
           1_kblasf_int, beta, dy, incy, offr, offc), trim(desc))
    else
      call check_status(kblasf_dgemv(h, trans, m, n, alpha, dA, ldda, dx, 1_kblasf_int, &
           beta, dy, incy), trim(desc))
    end if
    call get(dy, ly, 1_kblasf_int, es_d, ly, c_loc(y), ly, 'y')

    ! Reference from the host copy of the same submatrix.
    allocate (sub(m, n), yref(leny), bnd(leny))
    sub = A(offr+1:offr+m, offc+1:offc+n)
    if (trans == 'N') then
      yref = alpha * matmul(sub, x)
      bnd = abs(alpha) * matmul(abs(sub), abs(x))
    else
      yref = alpha * matmul(x, sub)
      bnd = abs(alpha) * matmul(abs(x), abs(sub))
    end if
    if (beta /= 0) then
      yref = yref + beta * ys
      bnd = bnd + abs(beta) * abs(ys)
    end if

    call check(logical(.not. any(ieee_is_nan(y(1:ly:incy)))), trim(desc) // ': NaN in y')
    call check_resid(scaled_resid(abs(y(1:ly:incy) - yref), bnd, k, epsilon(1.0_c_double)), &
         trim(desc))
    if (incy > 1) then
      y(1:ly:incy) = gap
      call check(all(y == gap), trim(desc) // ': wrote between the elements of y')
    end if
    call dev_free(dx, 'x')
    call dev_free(dy, 'y')
  end subroutine test_dgemv

  ! kblasf_dsymv 'L': only the lower triangle is set, the strict upper triangle and the
  ! padding rows hold huge values that must not be read.
  subroutine test_dsymv_lower(n, lda, alpha, beta, nan_y)
    integer(kblasf_int), intent(in) :: n, lda
    real(c_double), intent(in) :: alpha, beta
    logical, intent(in) :: nan_y
    real(c_double), allocatable, target :: S(:,:), x(:), y0(:), y(:)
    real(c_double), allocatable :: Sfull(:,:), yref(:), bnd(:)
    type(c_ptr) :: dS, dx, dy
    integer(kblasf_int) :: i, j
    character(len=64) :: desc

    write (desc, '(a,i0,a,i0)') 'kblasf_dsymv L n=', n, ' lda=', lda
    if (nan_y) desc = trim(desc) // ' beta=0 y=NaN'
    allocate (S(lda, n), Sfull(n, n), x(n), y0(n), y(n))
    call random_number(S)
    S = 2 * S - 1
    do j = 1, n
      do i = 1, lda
        if (i < j .or. i > n) S(i, j) = huge(1.0_c_double)
      end do
    end do
    do j = 1, n
      do i = 1, n
        Sfull(i, j) = S(max(i, j), min(i, j))
      end do
    end do
    call random_number(x)
    x = 2 * x - 1
    call random_number(y0)
    if (nan_y) y0 = ieee_value(y0(1), ieee_quiet_nan)
    y = 0

    dS = dev_alloc(int(lda * n, c_size_t) * es_d, 'dsymv A')
    dx = dev_alloc(int(n, c_size_t) * es_d, 'x')
    dy = dev_alloc(int(n, c_size_t) * es_d, 'y')
    call put(c_loc(S), lda, n, es_d, lda, dS, lda, 'dsymv A')
    call put(c_loc(x), n, 1_kblasf_int, es_d, n, dx, n, 'x')
    call put(c_loc(y0), n, 1_kblasf_int, es_d, n, dy, n, 'y')
    call check_status(kblasf_dsymv(h, 'L', n, alpha, dS, lda, dx, 1_kblasf_int, beta, dy, &
         1_kblasf_int), trim(desc))
    call get(dy, n, 1_kblasf_int, es_d, n, c_loc(y), n, 'y')

    ! Reference: a plain loop over the full symmetric matrix.
    allocate (yref(n), bnd(n))
    do i = 1, n
      yref(i) = 0
      bnd(i) = 0
      do j = 1, n
        yref(i) = yref(i) + Sfull(i, j) * x(j)
        bnd(i) = bnd(i) + abs(Sfull(i, j) * x(j))
      end do
      yref(i) = alpha * yref(i)
      bnd(i) = abs(alpha) * bnd(i)
      if (beta /= 0) then
        yref(i) = yref(i) + beta * y0(i)
        bnd(i) = bnd(i) + abs(beta * y0(i))
      end if
    end do
    call check(logical(.not. any(ieee_is_nan(y))), trim(desc) // ': NaN in y')
    call check_resid(scaled_resid(abs(y - yref), bnd, n, epsilon(1.0_c_double)), trim(desc))
    call dev_free(dS, 'dsymv A')
    call dev_free(dx, 'x')
    call dev_free(dy, 'y')
  end subroutine test_dsymv_lower

  ! kblasf_zhemv_offset 'U' on the n x n diagonal block at offset off of a big x big
  ! matrix (device ld ldd): everything but the block's upper triangle holds huge values,
  ! and the imaginary parts of the block's diagonal hold garbage that must be ignored.
  subroutine test_zhemv_offset_upper(big, ldd, off, n, alpha, beta, nan_y)
    integer(kblasf_int), intent(in) :: big, ldd, off, n
    complex(c_double_complex), intent(in) :: alpha, beta
    logical, intent(in) :: nan_y
    complex(c_double_complex), allocatable, target :: Z(:,:), x(:), y0(:), y(:)
    complex(c_double_complex), allocatable :: Href(:,:), yref(:)
    real(c_double), allocatable :: re(:,:), im(:,:), bnd(:)
    real(c_double) :: bigval, nan
    type(c_ptr) :: dZ, dx, dy
    integer(kblasf_int) :: i, j
    character(len=80) :: desc

    write (desc, '(a,i0,a,i0,a,i0)') 'kblasf_zhemv_offset U n=', n, ' off=', off, &
         ' in ', big
    if (nan_y) desc = trim(desc) // ' beta=0 y=NaN'
    bigval = huge(1.0_c_double) / 4
    allocate (Z(big, big), Href(n, n), re(big, big), im(big, big), x(n), y0(n), y(n))
    Z = cmplx(bigval, -bigval, c_double_complex)
    call random_number(re)
    call random_number(im)
    re = 2 * re - 1
    im = 2 * im - 1
    do j = off + 1, off + n
      do i = off + 1, j - 1
        Z(i, j) = cmplx(re(i, j), im(i, j), c_double_complex)
      end do
      Z(j, j) = cmplx(re(j, j), 1.0e30_c_double, c_double_complex)   ! garbage imaginary part
    end do
    ! Hermitian reference matrix built from the upper triangle of the block.
    do j = 1, n
      do i = 1, n
        if (i < j) then
          Href(i, j) = Z(off + i, off + j)
        else if (i > j) then
          Href(i, j) = conjg(Z(off + j, off + i))
        else
          Href(i, j) = cmplx(real(Z(off + i, off + i)), 0.0_c_double, c_double_complex)
        end if
      end do
    end do
    call random_number(re(1:n, 1))
    call random_number(im(1:n, 1))
    x = cmplx(2 * re(1:n, 1) - 1, 2 * im(1:n, 1) - 1, c_double_complex)
    call random_number(re(1:n, 2))
    call random_number(im(1:n, 2))
    y0 = cmplx(re(1:n, 2), im(1:n, 2), c_double_complex)
    if (nan_y) then
      nan = ieee_value(nan, ieee_quiet_nan)
      y0 = cmplx(nan, nan, c_double_complex)
    end if
    y = 0

    dZ = dev_alloc(int(ldd * big, c_size_t) * es_z, 'zhemv A')
    dx = dev_alloc(int(n, c_size_t) * es_z, 'x')
    dy = dev_alloc(int(n, c_size_t) * es_z, 'y')
    call put(c_loc(Z), big, big, es_z, big, dZ, ldd, 'zhemv A')
    call put(c_loc(x), n, 1_kblasf_int, es_z, n, dx, n, 'x')
    call put(c_loc(y0), n, 1_kblasf_int, es_z, n, dy, n, 'y')
    call check_status(kblasf_zhemv_offset(h, 'U', n, alpha, dZ, ldd, dx, 1_kblasf_int, beta, &
         dy, 1_kblasf_int, off), trim(desc))
    call get(dy, n, 1_kblasf_int, es_z, n, c_loc(y), n, 'y')

    allocate (yref(n), bnd(n))
    do i = 1, n
      yref(i) = 0
      bnd(i) = 0
      do j = 1, n
        yref(i) = yref(i) + Href(i, j) * x(j)
        bnd(i) = bnd(i) + abs(Href(i, j)) * abs(x(j))
      end do
      yref(i) = alpha * yref(i)
      bnd(i) = abs(alpha) * bnd(i)
      if (beta /= 0) then
        yref(i) = yref(i) + beta * y0(i)
        bnd(i) = bnd(i) + abs(beta) * abs(y0(i))
      end if
    end do
    call check(logical(.not. any(ieee_is_nan(real(y)) .or. ieee_is_nan(aimag(y)))), &
         trim(desc) // ': NaN in y')
    call check_resid(scaled_resid(abs(y - yref), bnd, n, epsilon(1.0_c_double)), trim(desc))
    call dev_free(dZ, 'zhemv A')
    call dev_free(dx, 'x')
    call dev_free(dy, 'y')
  end subroutine test_zhemv_offset_upper

  ! kblasf_sgemv 'T', once; reference in double precision from the same float data.
  subroutine test_sgemv()
    integer(kblasf_int), parameter :: m = 11, n = 7, lda = 13
    real(c_float), target :: As(lda, n), x(m), y0(n), y(n)
    real(c_float), parameter :: alpha = 0.75_c_float, beta = -1.25_c_float
    real(c_double) :: yref(n), bnd(n), Ad(m, n)
    type(c_ptr) :: dAs, dx, dy
    character(len=*), parameter :: desc = 'kblasf_sgemv T 11x7 lda=13'

    call random_number(As)
    As = 2 * As - 1
    call random_number(x)
    call random_number(y0)
    y = 0
    dAs = dev_alloc(int(lda * n, c_size_t) * es_s, 'sgemv A')
    dx = dev_alloc(int(m, c_size_t) * es_s, 'x')
    dy = dev_alloc(int(n, c_size_t) * es_s, 'y')
    call put(c_loc(As), m, n, es_s, lda, dAs, lda, 'sgemv A')
    call put(c_loc(x), m, 1_kblasf_int, es_s, m, dx, m, 'x')
    call put(c_loc(y0), n, 1_kblasf_int, es_s, n, dy, n, 'y')
    call check_status(kblasf_sgemv(h, 'T', m, n, alpha, dAs, lda, dx, 1_kblasf_int, beta, &
         dy, 1_kblasf_int), desc)
    call get(dy, n, 1_kblasf_int, es_s, n, c_loc(y), n, 'y')

    Ad = real(As(1:m, :), c_double)
    yref = real(alpha, c_double) * matmul(real(x, c_double), Ad) + &
           real(beta, c_double) * real(y0, c_double)
    bnd = abs(real(alpha, c_double)) * matmul(abs(real(x, c_double)), abs(Ad)) + &
          abs(real(beta, c_double)) * abs(real(y0, c_double))
    call check_resid(scaled_resid(abs(real(y, c_double) - yref), bnd, m, &
         real(epsilon(1.0_c_float), c_double)), desc)
    call dev_free(dAs, 'sgemv A')
    call dev_free(dx, 'x')
    call dev_free(dy, 'y')
  end subroutine test_sgemv

  ! kblasf_cgemv 'C' (conjugate transpose), once; reference in double precision.
  subroutine test_cgemv()
    integer(kblasf_int), parameter :: m = 13, n = 9, lda = 15
    complex(c_float_complex), target :: Ac(lda, n), x(m), y0(n), y(n)
    complex(c_float_complex), parameter :: alpha = (0.5_c_float, 1.5_c_float), &
         beta = (-0.25_c_float, 0.75_c_float)
    real(c_float) :: re(lda, n), im(lda, n)
    complex(c_double_complex) :: Ad(m, n), xd(m), yref(n)
    real(c_double) :: bnd(n)
    type(c_ptr) :: dAc, dx, dy
    character(len=*), parameter :: desc = 'kblasf_cgemv C 13x9 lda=15'

    call random_number(re)
    call random_number(im)
    Ac = cmplx(2 * re - 1, 2 * im - 1, c_float_complex)
    call random_number(re)
    call random_number(im)
    x = cmplx(re(1:m, 1), im(1:m, 1), c_float_complex)
    y0 = cmplx(re(1:n, 2), -im(1:n, 2), c_float_complex)
    y = 0
    dAc = dev_alloc(int(lda * n, c_size_t) * es_c, 'cgemv A')
    dx = dev_alloc(int(m, c_size_t) * es_c, 'x')
    dy = dev_alloc(int(n, c_size_t) * es_c, 'y')
    call put(c_loc(Ac), m, n, es_c, lda, dAc, lda, 'cgemv A')
    call put(c_loc(x), m, 1_kblasf_int, es_c, m, dx, m, 'x')
    call put(c_loc(y0), n, 1_kblasf_int, es_c, n, dy, n, 'y')
    call check_status(kblasf_cgemv(h, 'C', m, n, alpha, dAc, lda, dx, 1_kblasf_int, beta, &
         dy, 1_kblasf_int), desc)
    call get(dy, n, 1_kblasf_int, es_c, n, c_loc(y), n, 'y')

    Ad = cmplx(Ac(1:m, :), kind=c_double_complex)
    xd = cmplx(x, kind=c_double_complex)
    yref = cmplx(alpha, kind=c_double_complex) * matmul(conjg(transpose(Ad)), xd) + &
           cmplx(beta, kind=c_double_complex) * cmplx(y0, kind=c_double_complex)
    bnd = abs(cmplx(alpha, kind=c_double_complex)) * matmul(transpose(abs(Ad)), abs(xd)) + &
          abs(cmplx(beta, kind=c_double_complex)) * abs(cmplx(y0, kind=c_double_complex))
    call check_resid(scaled_resid(abs(cmplx(y, kind=c_double_complex) - yref), bnd, m, &
         real(epsilon(1.0_c_float), c_double)), desc)
    call dev_free(dAc, 'cgemv A')
    call dev_free(dx, 'x')
    call dev_free(dy, 'y')
  end subroutine test_cgemv

  ! Illegal arguments: the status, what our XERBLA recorded, and y left alone.
  subroutine test_arg_errors()
    real(c_double), target :: x(an), y0(am), y(am)
    type(c_ptr) :: dx, dy
    integer(c_int) :: status

    call random_number(x)
    call random_number(y0)
    y = 0
    dx = dev_alloc(int(an, c_size_t) * es_d, 'x')
    dy = dev_alloc(int(am, c_size_t) * es_d, 'y')
    call put(c_loc(x), an, 1_kblasf_int, es_d, an, dx, an, 'x')
    call put(c_loc(y0), am, 1_kblasf_int, es_d, am, dy, am, 'y')

    ! m = -1: argument 2 (the handle is not counted).
    call reset_xerbla()
    status = kblasf_dgemv(h, 'N', -1_kblasf_int, an, 1.0_c_double, dA, ldda, dx, &
         1_kblasf_int, 0.0_c_double, dy, 1_kblasf_int)
    call check(status == KBLASF_STATUS_INVALID_VALUE, &
         'kblasf_dgemv m=-1: status is not KBLASF_STATUS_INVALID_VALUE')
    call check(xerbla_calls == 1, 'kblasf_dgemv m=-1: XERBLA not called exactly once')
    call check(xerbla_info == 2, 'kblasf_dgemv m=-1: XERBLA info is not 2')
    call check(trim(xerbla_name) == 'KBLASF_DGEMV', &
         'kblasf_dgemv m=-1: XERBLA name is "' // trim(xerbla_name) // '", not KBLASF_DGEMV')

    ! trans = 'X': argument 1.
    call reset_xerbla()
    status = kblasf_dgemv(h, 'X', am, an, 1.0_c_double, dA, ldda, dx, 1_kblasf_int, &
         0.0_c_double, dy, 1_kblasf_int)
    call check(status == KBLASF_STATUS_INVALID_VALUE .and. xerbla_info == 1 .and. &
         trim(xerbla_name) == 'KBLASF_DGEMV', 'kblasf_dgemv trans=X: not reported as argument 1')

    ! lda < offr + m in the offset form: argument 6.
    call reset_xerbla()
    status = kblasf_dgemv_offset(h, 'N', am, an, 1.0_c_double, dA, am, dx, 1_kblasf_int, &
         0.0_c_double, dy, 1_kblasf_int, 1_kblasf_int, 0_kblasf_int)
    call check(status == KBLASF_STATUS_INVALID_VALUE .and. xerbla_info == 6 .and. &
         trim(xerbla_name) == 'KBLASF_DGEMV', &
         'kblasf_dgemv_offset lda<offr+m: not reported as argument 6')

    ! uplo = 'X' in zhemv: argument 1, name KBLASF_ZHEMV.
    call reset_xerbla()
    status = kblasf_zhemv(h, 'X', 4_kblasf_int, (1.0_c_double, 0.0_c_double), dA, ldda, dx, &
         1_kblasf_int, (0.0_c_double, 0.0_c_double), dy, 1_kblasf_int)
    call check(status == KBLASF_STATUS_INVALID_VALUE .and. xerbla_info == 1 .and. &
         trim(xerbla_name) == 'KBLASF_ZHEMV', 'kblasf_zhemv uplo=X: not reported as argument 1')

    ! None of these may have touched y.
    call get(dy, am, 1_kblasf_int, es_d, am, c_loc(y), am, 'y')
    call check(all(transfer(y, 0_c_int64_t, am) == transfer(y0, 0_c_int64_t, am)), &
         'calls with illegal arguments modified y')
    call dev_free(dx, 'x')
    call dev_free(dy, 'y')
  end subroutine test_arg_errors

  subroutine reset_xerbla()
    xerbla_name = ''
    xerbla_info = 0
    xerbla_calls = 0
  end subroutine reset_xerbla

end program test_fortran

! The program's own XERBLA (F77 style, external): records the report instead of
! stopping.  Linked as xerbla_, it takes over the one in the BLAS library.
subroutine xerbla(srname, info)
  use test_fortran_xerbla
  implicit none
  character(len=*), intent(in) :: srname
  integer, intent(in) :: info
  xerbla_calls = xerbla_calls + 1
  xerbla_name = srname
  xerbla_info = info
end subroutine xerbla

