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
  ! Fills the parts of arrays that a routine must neither read nor write.
  real(c_double), parameter :: junk_d = 7.0e200_c_double
  real(c_float), parameter :: junk_s = 3.0e37_c_float

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
  call check_status(kblasf_set_trsv_tma(h, KBLASF_TRSV_TMA_NEVER), 'kblasf_set_trsv_tma')
  call check(kblasf_set_trsv_tma(h, 9_c_int) == KBLASF_STATUS_INVALID_VALUE, &
       'kblasf_set_trsv_tma rejects a bad mode')
  call check_status(kblasf_set_trsv_tma(h, KBLASF_TRSV_TMA_DEFAULT), 'kblasf_set_trsv_tma')

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

  ! TRMM/TRSM: host forms through the module (host arrays) and the _dev device forms.
  call test_trxm('L', 'U', 'T', 'N', 33, 20, 36, 35, 0.75_c_double)
  call test_trxm('R', 'L', 'N', 'U', 100, 33, 104, 101, -1.5_c_double)
  call test_trxm('L', 'L', 'N', 'N', 1, 1, 3, 2, 2.0_c_double)

  ! The Cholesky family through the module, host arrays, lda > n.
  call test_dpotrf_dpotrs('L', 1, 1, 3, 2)
  call test_dpotrf_dpotrs('U', 1, 2, 2, 4)
  call test_dpotrf_dpotrs('L', 33, 3, 36, 35)
  call test_dpotrf_dpotrs('U', 33, 1, 34, 40)
  call test_dpotrf_dpotrs('L', 100, 5, 103, 101)
  call test_dpotrf_dpotrs('U', 100, 2, 101, 107)
  call test_zpotrf_zpotri('L', 1, 2)
  call test_zpotrf_zpotri('U', 33, 35)
  call test_zpotrf_zpotri('L', 100, 101)
  call test_zpotrf_zpotri('U', 100, 104)
  call test_dposv('L', 1, 1, 2, 3)
  call test_dposv('U', 33, 4, 40, 34)
  call test_dposv('L', 100, 3, 102, 105)
  call test_strtri('L', 'N', 1, 2)
  call test_strtri('U', 'N', 33, 35)
  call test_strtri('L', 'U', 33, 34)
  call test_strtri('L', 'N', 100, 103)
  call test_strtri('U', 'U', 100, 101)
  call test_strtri_singular('U', 33, 35, 17)
  call test_strtri_singular('L', 100, 100, 100)
  call test_clauum('U', 1, 3)
  call test_clauum('L', 33, 34)
  call test_clauum('U', 100, 102)
  call test_clauum('L', 100, 105)
  call test_not_spd('L', 1, 2, 1)
  call test_not_spd('L', 33, 35, 20)
  call test_not_spd('U', 100, 101, 70)
  call test_not_spd('L', 100, 104, 100)
  call test_chol_arg_errors()

  ! The device forms on the handle, device memory from kblasf_malloc, ldda > n.
  call test_dev_dpotrf_dpotrs('L', 1, 1, 2, 3)
  call test_dev_dpotrf_dpotrs('U', 33, 3, 37, 34)
  call test_dev_dpotrf_dpotrs('L', 100, 4, 101, 103)
  call test_dev_dpotrf_dpotrs('U', 100, 1, 128, 100)
  call test_dev_not_spd('L', 100, 105, 70)
  call test_dev_not_spd('U', 33, 40, 33)
  call test_dev_arg_errors()
  call test_dev_dposv_batch('L', 5, 2, 7, 4, 3)
  call test_dev_dposv_batch('U', 40, 1, 41, 3, 1)
  call test_dev_dposv_batch('L', 300, 3, 300, 2, 2)
  call test_dev_dtrxm_batch('L', 'L', 'N', 'N', 5, 3, 7, 6, 4, 1.5_c_double)
  call test_dev_dtrxm_batch('L', 'U', 'T', 'U', 40, 7, 41, 43, 3, -0.75_c_double)
  call test_dev_dtrxm_batch('R', 'L', 'T', 'N', 9, 40, 42, 11, 2, 2.0_c_double)
  call test_dev_dtrtri_batch('L', 'N', 5, 7, 4)
  call test_dev_dtrtri_batch('U', 'U', 40, 41, 3)
  call test_dev_dpotri_batch('L', 5, 6, 4)
  call test_dev_dpotri_batch('U', 40, 43, 3)
  call test_dev_dsyrk_batch('L', 'N', 5, 3, 4)
  call test_dev_dsyrk_batch('U', 'T', 40, 7, 2)
  call test_dev_zherk_batch()

  ! Legacy units (no module): the LAPACK names and the F77 symbols.
  call test_legacy_lapack(1)
  call test_legacy_lapack(33)
  call test_legacy_lapack(100)

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

  ! ---- the LAPACK layer and the host forms ------------------------------------------

  function itoa(i) result(s)
    integer, intent(in) :: i
    character(len=:), allocatable :: s
    character(len=24) :: buf
    write (buf, '(i0)') i
    s = trim(buf)
  end function itoa

  logical function in_tri(uplo, i, j)
    character, intent(in) :: uplo
    integer, intent(in) :: i, j
    in_tri = (uplo == 'L' .and. i >= j) .or. (uplo == 'U' .and. i <= j)
  end function in_tri

  ! Where a routine on the n x n triangle uplo of an ld x ncol array may write: the
  ! triangle, without its diagonal when diag is 'U'.
  function tri_mask(uplo, diag, n, ld, ncol) result(mask)
    character, intent(in) :: uplo, diag
    integer, intent(in) :: n, ld, ncol
    logical :: mask(ld, ncol)
    integer :: i, j
    do j = 1, ncol
      do i = 1, ld
        mask(i, j) = i <= n .and. j <= n .and. in_tri(uplo, i, j) .and. &
             .not. (diag == 'U' .and. i == j)
      end do
    end do
  end function tri_mask

  ! The n x n triangular matrix held in the triangle uplo of A (unit diagonal for diag
  ! 'U'), zeros elsewhere.
  function tri_d(uplo, diag, A, n) result(T)
    character, intent(in) :: uplo, diag
    real(c_double), intent(in) :: A(:,:)
    integer, intent(in) :: n
    real(c_double) :: T(n, n)
    integer :: i, j
    do j = 1, n
      do i = 1, n
        T(i, j) = 0
        if (in_tri(uplo, i, j)) T(i, j) = A(i, j)
        if (i == j .and. diag == 'U') T(i, j) = 1
      end do
    end do
  end function tri_d

  function tri_z(uplo, A, n) result(T)
    character, intent(in) :: uplo
    complex(c_double_complex), intent(in) :: A(:,:)
    integer, intent(in) :: n
    complex(c_double_complex) :: T(n, n)
    integer :: i, j
    do j = 1, n
      do i = 1, n
        T(i, j) = 0
        if (in_tri(uplo, i, j)) T(i, j) = A(i, j)
      end do
    end do
  end function tri_z

  real(c_double) function norm1(M)
    real(c_double), intent(in) :: M(:,:)
    norm1 = maxval(sum(abs(M), dim=1))
  end function norm1

  real(c_double) function norm1z(M)
    complex(c_double_complex), intent(in) :: M(:,:)
    norm1z = maxval(sum(abs(M), dim=1))
  end function norm1z

  function eye(n) result(E)
    integer, intent(in) :: n
    real(c_double) :: E(n, n)
    integer :: i
    E = 0
    do i = 1, n
      E(i, i) = 1
    end do
  end function eye

  ! Random symmetric positive definite: G G^T / n + I, G in [-1, 1).
  subroutine make_spd(S)
    real(c_double), intent(out) :: S(:,:)
    real(c_double) :: G(size(S, 1), size(S, 1))
    integer :: i
    call random_number(G)
    G = 2 * G - 1
    S = matmul(G, transpose(G)) / size(S, 1)
    do i = 1, size(S, 1)
      S(i, i) = S(i, i) + 1
    end do
  end subroutine make_spd

  ! Random Hermitian positive definite: G G^H / n + I (real diagonal).
  subroutine make_hpd(S)
    complex(c_double_complex), intent(out) :: S(:,:)
    real(c_double) :: re(size(S, 1), size(S, 1)), im(size(S, 1), size(S, 1))
    complex(c_double_complex) :: G(size(S, 1), size(S, 1))
    integer :: i
    call random_number(re)
    call random_number(im)
    G = cmplx(2 * re - 1, 2 * im - 1, c_double_complex)
    S = matmul(G, conjg(transpose(G))) / size(S, 1)
    do i = 1, size(S, 1)
      S(i, i) = cmplx(real(S(i, i)) + 1, 0.0_c_double, c_double_complex)
    end do
  end subroutine make_hpd

  ! ||L L^T - S|| ('L') or ||U^T U - S|| ('U') / (n ||S|| eps) of the factor in F's triangle.
  real(c_double) function chol_resid(uplo, F, S) result(r)
    character, intent(in) :: uplo
    real(c_double), intent(in) :: F(:,:), S(:,:)
    real(c_double) :: T(size(S, 1), size(S, 1))
    integer :: n
    n = size(S, 1)
    T = tri_d(uplo, 'N', F, n)
    if (uplo == 'L') then
      r = norm1(matmul(T, transpose(T)) - S)
    else
      r = norm1(matmul(transpose(T), T) - S)
    end if
    r = r / (n * norm1(S) * epsilon(1.0_c_double))
  end function chol_resid

  ! ||B - S X|| / (||S|| ||X|| n eps).
  real(c_double) function solve_resid(S, X, B) result(r)
    real(c_double), intent(in) :: S(:,:), X(:,:), B(:,:)
    r = norm1(B - matmul(S, X)) / (norm1(S) * norm1(X) * size(S, 1) * epsilon(1.0_c_double))
  end function solve_resid

  ! Host TRMM and TRSM through the module (kblasf_dtrmm / kblasf_dtrsm: DTRMM's arguments
  ! on host arrays, default integers), then the device forms kblasf_dtrmm_dev /
  ! kblasf_dtrsm_dev on the same data. Junk outside the triangle (and on the diagonal for
  ! diag 'U') and in the padding rows of B.
  subroutine test_trxm(side, uplo, transa, diag, m, n, lda, ldb, alpha)
    character, intent(in) :: side, uplo, transa, diag
    integer, intent(in) :: m, n, lda, ldb
    real(c_double), intent(in) :: alpha
    real(c_double), allocatable, target :: At(:,:), A0(:,:), B0(:,:), Bt(:,:)
    real(c_double), allocatable :: T(:,:), ref(:,:), bnd(:,:)
    type(c_ptr) :: dAt, dBt
    integer :: k, j, form
    integer(kblasf_int) :: km, kn, klda, kldb, kk
    character(len=96) :: desc
    character(len=24) :: fname
    logical, allocatable :: mask(:,:)

    k = m
    if (side == 'R') k = n
    km = m; kn = n; klda = lda; kldb = ldb; kk = k
    allocate (At(lda, k), B0(ldb, n), Bt(ldb, n), ref(m, n), bnd(m, n))
    call random_number(At)
    At = (2 * At - 1) / k
    do j = 1, k
      At(j, j) = 1.5_c_double + At(j, j)
    end do
    mask = tri_mask(uplo, diag, k, lda, k)
    where (.not. mask) At = junk_d
    A0 = At
    T = tri_d(uplo, diag, At, k)
    if (transa /= 'N') T = transpose(T)
    call random_number(B0)
    B0 = 2 * B0 - 1
    B0(m+1:, :) = junk_d

    do form = 1, 4
      select case (form)
      case (1)
        fname = 'kblasf_dtrmm'
      case (2)
        fname = 'kblasf_dtrmm_dev'
      case (3)
        fname = 'kblasf_dtrsm'
      case (4)
        fname = 'kblasf_dtrsm_dev'
      end select
      write (desc, '(a,1x,4a1,a,i0,a,i0,a,i0,a,i0)') trim(fname), side, uplo, transa, diag, &
           ' m=', m, ' n=', n, ' lda=', lda, ' ldb=', ldb
      Bt = B0
      select case (form)
      case (1)
        call kblasf_dtrmm(side, uplo, transa, diag, m, n, alpha, At, lda, Bt, ldb)
      case (3)
        call kblasf_dtrsm(side, uplo, transa, diag, m, n, alpha, At, lda, Bt, ldb)
      case default
        dAt = dev_alloc(int(lda, c_size_t) * int(k, c_size_t) * es_d, 'trxm A')
        dBt = dev_alloc(int(ldb, c_size_t) * int(n, c_size_t) * es_d, 'trxm B')
        call put(c_loc(At), klda, kk, es_d, klda, dAt, klda, 'trxm A')
        call put(c_loc(B0), kldb, kn, es_d, kldb, dBt, kldb, 'trxm B')
        if (form == 2) then
          call check_status(kblasf_dtrmm_dev(h, side, uplo, transa, diag, km, kn, alpha, &
               dAt, klda, dBt, kldb), trim(desc))
        else
          call check_status(kblasf_dtrsm_dev(h, side, uplo, transa, diag, km, kn, alpha, &
               dAt, klda, dBt, kldb), trim(desc))
        end if
        call get(dBt, kldb, kn, es_d, kldb, c_loc(Bt), kldb, 'trxm B')
        call get(dAt, klda, kk, es_d, klda, c_loc(At), klda, 'trxm A')
        call dev_free(dAt, 'trxm A')
        call dev_free(dBt, 'trxm B')
      end select
      if (form <= 2) then
        ! B := alpha op(T) B or alpha B op(T)
        if (side == 'L') then
          ref = alpha * matmul(T, B0(1:m, :))
          bnd = abs(alpha) * matmul(abs(T), abs(B0(1:m, :)))
        else
          ref = alpha * matmul(B0(1:m, :), T)
          bnd = abs(alpha) * matmul(abs(B0(1:m, :)), abs(T))
        end if
        ref = abs(Bt(1:m, :) - ref)
      else
        ! op(T) X = alpha B: the residual op(T) X - alpha B against |op(T)||X| + |alpha B|.
        if (side == 'L') then
          ref = abs(matmul(T, Bt(1:m, :)) - alpha * B0(1:m, :))
          bnd = matmul(abs(T), abs(Bt(1:m, :))) + abs(alpha * B0(1:m, :))
        else
          ref = abs(matmul(Bt(1:m, :), T) - alpha * B0(1:m, :))
          bnd = matmul(abs(Bt(1:m, :)), abs(T)) + abs(alpha * B0(1:m, :))
        end if
      end if
      call check_resid(scaled_resid(reshape(ref, [m * n]), reshape(bnd, [m * n]), kk, &
           epsilon(1.0_c_double)), trim(desc))
      call check(all(Bt(m+1:, :) == junk_d), trim(desc) // ': wrote past m rows of B')
      call check(all(At == A0), trim(desc) // ': modified A')
    end do
  end subroutine test_trxm

  ! kblasf_dpotrf then kblasf_dpotrs through the module, host arrays, default integers.
  subroutine test_dpotrf_dpotrs(uplo, n, nrhs, lda, ldb)
    character, intent(in) :: uplo
    integer, intent(in) :: n, nrhs, lda, ldb
    real(c_double), allocatable :: S(:,:), Af(:,:), A0(:,:), B(:,:), X(:,:)
    logical, allocatable :: mask(:,:)
    integer :: info
    character(len=80) :: desc

    write (desc, '(a,a,a,i0,a,i0)') 'kblasf_dpotrf ', uplo, ' n=', n, ' lda=', lda
    allocate (S(n, n), Af(lda, n), B(ldb, nrhs))
    call make_spd(S)
    mask = tri_mask(uplo, 'N', n, lda, n)
    Af = junk_d
    where (mask(1:n, :)) Af(1:n, :) = S
    A0 = Af
    info = -99
    call kblasf_dpotrf(uplo, n, Af, lda, info)
    call check(info == 0, trim(desc) // ': info ' // itoa(info))
    call check(all(Af == A0 .or. mask), trim(desc) // ': wrote outside the triangle')
    call check_resid(chol_resid(uplo, Af, S), trim(desc))

    write (desc, '(a,a,a,i0,a,i0,a,i0,a,i0)') 'kblasf_dpotrs ', uplo, ' n=', n, ' nrhs=', &
         nrhs, ' lda=', lda, ' ldb=', ldb
    call random_number(B)
    B(n+1:, :) = junk_d
    X = B
    A0 = Af
    info = -99
    call kblasf_dpotrs(uplo, n, nrhs, Af, lda, X, ldb, info)
    call check(info == 0, trim(desc) // ': info ' // itoa(info))
    call check_resid(solve_resid(S, X(1:n, :), B(1:n, :)), trim(desc))
    call check(all(X(n+1:, :) == junk_d), trim(desc) // ': wrote past n rows of B')
    call check(all(Af == A0), trim(desc) // ': modified A')
  end subroutine test_dpotrf_dpotrs

  ! kblasf_zpotrf then kblasf_zpotri through the module.
  subroutine test_zpotrf_zpotri(uplo, n, lda)
    character, intent(in) :: uplo
    integer, intent(in) :: n, lda
    complex(c_double_complex), allocatable :: S(:,:), Af(:,:), A0(:,:), F(:,:), W(:,:)
    complex(c_double_complex) :: zjunk
    logical, allocatable :: mask(:,:)
    real(c_double) :: r
    integer :: info, i, j
    character(len=80) :: desc

    zjunk = cmplx(junk_d, -junk_d, c_double_complex)
    write (desc, '(a,a,a,i0,a,i0)') 'kblasf_zpotrf ', uplo, ' n=', n, ' lda=', lda
    allocate (S(n, n), Af(lda, n), W(n, n))
    call make_hpd(S)
    mask = tri_mask(uplo, 'N', n, lda, n)
    Af = zjunk
    where (mask(1:n, :)) Af(1:n, :) = S
    A0 = Af
    info = -99
    call kblasf_zpotrf(uplo, n, Af, lda, info)
    call check(info == 0, trim(desc) // ': info ' // itoa(info))
    call check(all(Af == A0 .or. mask), trim(desc) // ': wrote outside the triangle')
    F = tri_z(uplo, Af, n)
    if (uplo == 'L') then
      r = norm1z(matmul(F, conjg(transpose(F))) - S)
    else
      r = norm1z(matmul(conjg(transpose(F)), F) - S)
    end if
    call check_resid(r / (n * norm1z(S) * epsilon(1.0_c_double)), trim(desc))

    write (desc, '(a,a,a,i0,a,i0)') 'kblasf_zpotri ', uplo, ' n=', n, ' lda=', lda
    A0 = Af
    info = -99
    call kblasf_zpotri(uplo, n, Af, lda, info)
    call check(info == 0, trim(desc) // ': info ' // itoa(info))
    call check(all(Af == A0 .or. mask), trim(desc) // ': wrote outside the triangle')
    do j = 1, n
      do i = 1, n
        if (in_tri(uplo, i, j)) then
          W(i, j) = Af(i, j)
        else
          W(i, j) = conjg(Af(j, i))
        end if
      end do
    end do
    r = norm1z(eye(n) - matmul(S, W)) / (n * norm1z(S) * norm1z(W) * epsilon(1.0_c_double))
    call check_resid(r, trim(desc) // ' ||I - A inv(A)||')
  end subroutine test_zpotrf_zpotri

  ! kblasf_dposv through the module: the solution and the factor left in A.
  subroutine test_dposv(uplo, n, nrhs, lda, ldb)
    character, intent(in) :: uplo
    integer, intent(in) :: n, nrhs, lda, ldb
    real(c_double), allocatable :: S(:,:), Af(:,:), A0(:,:), B(:,:), X(:,:)
    logical, allocatable :: mask(:,:)
    integer :: info
    character(len=80) :: desc

    write (desc, '(a,a,a,i0,a,i0,a,i0,a,i0)') 'kblasf_dposv ', uplo, ' n=', n, ' nrhs=', &
         nrhs, ' lda=', lda, ' ldb=', ldb
    allocate (S(n, n), Af(lda, n), B(ldb, nrhs))
    call make_spd(S)
    mask = tri_mask(uplo, 'N', n, lda, n)
    Af = junk_d
    where (mask(1:n, :)) Af(1:n, :) = S
    A0 = Af
    call random_number(B)
    B = B - 0.5_c_double
    B(n+1:, :) = junk_d
    X = B
    info = -99
    call kblasf_dposv(uplo, n, nrhs, Af, lda, X, ldb, info)
    call check(info == 0, trim(desc) // ': info ' // itoa(info))
    call check_resid(solve_resid(S, X(1:n, :), B(1:n, :)), trim(desc))
    call check_resid(chol_resid(uplo, Af, S), trim(desc) // ' (factor)')
    call check(all(Af == A0 .or. mask), trim(desc) // ': wrote outside the triangle')
    call check(all(X(n+1:, :) == junk_d), trim(desc) // ': wrote past n rows of B')
  end subroutine test_dposv

  ! A random single-precision triangular matrix with a diagonal away from zero (or junk
  ! on the diagonal for diag 'U'), junk outside the triangle.
  subroutine make_tri_s(uplo, diag, n, As)
    character, intent(in) :: uplo, diag
    integer, intent(in) :: n
    real(c_float), intent(inout) :: As(:,:)
    integer :: j
    call random_number(As)
    As = (2 * As - 1) / n
    do j = 1, n
      As(j, j) = 1 + abs(As(j, j)) * n
      if (mod(j, 3) == 0) As(j, j) = -As(j, j)
    end do
    where (.not. tri_mask(uplo, diag, n, size(As, 1), n)) As = junk_s
  end subroutine make_tri_s

  ! kblasf_strtri: ||I - T inv(T)|| / (n ||T|| ||inv(T)|| eps), in double from float data.
  subroutine test_strtri(uplo, diag, n, lda)
    character, intent(in) :: uplo, diag
    integer, intent(in) :: n, lda
    real(c_float), allocatable :: As(:,:), A0(:,:)
    real(c_double), allocatable :: T(:,:), W(:,:)
    integer :: info
    character(len=80) :: desc

    write (desc, '(a,a,1x,a,a,i0,a,i0)') 'kblasf_strtri ', uplo, diag, ' n=', n, ' lda=', lda
    allocate (As(lda, n))
    call make_tri_s(uplo, diag, n, As)
    A0 = As
    T = tri_d(uplo, diag, real(As, c_double), n)
    info = -99
    call kblasf_strtri(uplo, diag, n, As, lda, info)
    call check(info == 0, trim(desc) // ': info ' // itoa(info))
    call check(all(As == A0 .or. tri_mask(uplo, diag, n, lda, n)), &
         trim(desc) // ': wrote outside the triangle')
    W = tri_d(uplo, diag, real(As, c_double), n)
    call check_resid(norm1(eye(n) - matmul(T, W)) / &
         (n * norm1(T) * norm1(W) * real(epsilon(1.0_c_float), c_double)), trim(desc))
  end subroutine test_strtri

  ! kblasf_strtri with A(k,k) = 0: info = k and A untouched.
  subroutine test_strtri_singular(uplo, n, lda, k)
    character, intent(in) :: uplo
    integer, intent(in) :: n, lda, k
    real(c_float), allocatable :: As(:,:), A0(:,:)
    integer :: info
    character(len=80) :: desc

    write (desc, '(a,a,a,i0,a,i0,a,i0,a)') 'kblasf_strtri ', uplo, ' n=', n, ' lda=', lda, &
         ' A(', k, ',k) = 0'
    allocate (As(lda, n))
    call make_tri_s(uplo, 'N', n, As)
    As(k, k) = 0
    A0 = As
    info = -99
    call kblasf_strtri(uplo, 'N', n, As, lda, info)
    call check(info == k, trim(desc) // ': info ' // itoa(info) // ', not ' // itoa(k))
    call check(all(As == A0), trim(desc) // ': modified A')
  end subroutine test_strtri_singular

  ! kblasf_clauum: L^H L ('L') or U U^H ('U') of a triangle with a real diagonal (as from
  ! CPOTRF), each element against its double-precision value: |diff| / ((n+1) eps (|L|^T |L|)).
  subroutine test_clauum(uplo, n, lda)
    character, intent(in) :: uplo
    integer, intent(in) :: n, lda
    complex(c_float_complex), allocatable :: Ac(:,:), A0(:,:)
    complex(c_double_complex), allocatable :: T(:,:), C(:,:)
    real(c_double), allocatable :: re(:,:), im(:,:), bnd(:,:), diff(:,:)
    logical, allocatable :: mask(:,:)
    integer :: info, i
    character(len=80) :: desc

    write (desc, '(a,a,a,i0,a,i0)') 'kblasf_clauum ', uplo, ' n=', n, ' lda=', lda
    allocate (re(lda, n), im(lda, n))
    call random_number(re)
    call random_number(im)
    Ac = cmplx(2 * re - 1, 2 * im - 1, c_float_complex)
    do i = 1, n
      Ac(i, i) = real(Ac(i, i))     ! a Cholesky factor's diagonal: LAPACK reads its real part
    end do
    mask = tri_mask(uplo, 'N', n, lda, n)
    where (.not. mask) Ac = cmplx(junk_s, -junk_s, c_float_complex)
    A0 = Ac
    T = tri_z(uplo, cmplx(Ac, kind=c_double_complex), n)
    if (uplo == 'L') then
      C = matmul(conjg(transpose(T)), T)
      bnd = matmul(transpose(abs(T)), abs(T))
    else
      C = matmul(T, conjg(transpose(T)))
      bnd = matmul(abs(T), transpose(abs(T)))
    end if
    info = -99
    call kblasf_clauum(uplo, n, Ac, lda, info)
    call check(info == 0, trim(desc) // ': info ' // itoa(info))
    call check(all(Ac == A0 .or. mask), trim(desc) // ': wrote outside the triangle')
    diff = abs(cmplx(Ac(1:n, :), kind=c_double_complex) - C)
    call check_resid(scaled_resid(pack(diff, mask(1:n, :)), pack(bnd, mask(1:n, :)), &
         int(n, kblasf_int), real(epsilon(1.0_c_float), c_double)), trim(desc))
  end subroutine test_clauum

  ! kblasf_dpotrf on a matrix whose leading minor of order k is the first not positive
  ! definite (A(k,k) = -1): info = k exactly, and the leading k-1 block holds the factor
  ! of that minor.
  subroutine test_not_spd(uplo, n, lda, k)
    character, intent(in) :: uplo
    integer, intent(in) :: n, lda, k
    real(c_double), allocatable :: S(:,:), Af(:,:), A0(:,:)
    logical, allocatable :: mask(:,:)
    integer :: info
    character(len=80) :: desc

    write (desc, '(a,a,a,i0,a,i0,a,i0)') 'kblasf_dpotrf ', uplo, ' n=', n, &
         ' not SPD from k=', k, ' lda=', lda
    allocate (S(n, n), Af(lda, n))
    call make_spd(S)
    S(k, k) = -1
    mask = tri_mask(uplo, 'N', n, lda, n)
    Af = junk_d
    where (mask(1:n, :)) Af(1:n, :) = S
    A0 = Af
    info = -99
    call kblasf_dpotrf(uplo, n, Af, lda, info)
    call check(info == k, trim(desc) // ': info ' // itoa(info) // ', not ' // itoa(k))
    call check(all(Af == A0 .or. mask), trim(desc) // ': wrote outside the triangle')
    if (k > 1) call check_resid(chol_resid(uplo, Af(1:k-1, 1:k-1), S(1:k-1, 1:k-1)), &
         trim(desc) // ': factor of the leading minor')
  end subroutine test_not_spd

  ! Illegal arguments to the host forms: info = -i, the program's XERBLA sees the
  ! routine's name and i, A and B untouched. n = 0 is a quick return.
  subroutine test_chol_arg_errors()
    real(c_double) :: Ad(6, 6), A0(6, 6), B(6, 2), B0(6, 2)
    complex(c_double_complex) :: Z(4, 4), Z0(4, 4)
    complex(c_float_complex) :: Cc(4, 4), C0(4, 4)
    integer :: info

    call random_number(Ad)
    call random_number(B)
    A0 = Ad
    B0 = B
    Z = (1.0_c_double, 2.0_c_double)
    Z0 = Z
    Cc = (3.0_c_float, -1.0_c_float)
    C0 = Cc

    call reset_xerbla()
    call kblasf_dpotrf('L', -1, Ad, 6, info)
    call check_arg_error('kblasf_dpotrf n=-1', info, -2, 'KBLASF_DPOTRF')
    call reset_xerbla()
    call kblasf_dpotrf('X', 4, Ad, 6, info)
    call check_arg_error('kblasf_dpotrf uplo=X', info, -1, 'KBLASF_DPOTRF')
    call reset_xerbla()
    call kblasf_dpotrf('U', 4, Ad, 3, info)
    call check_arg_error('kblasf_dpotrf lda<n', info, -4, 'KBLASF_DPOTRF')
    call reset_xerbla()
    call kblasf_dpotrs('U', 4, 2, Ad, 3, B, 6, info)
    call check_arg_error('kblasf_dpotrs lda<n', info, -5, 'KBLASF_DPOTRS')
    call reset_xerbla()
    call kblasf_dposv('L', 4, -1, Ad, 6, B, 6, info)
    call check_arg_error('kblasf_dposv nrhs=-1', info, -3, 'KBLASF_DPOSV')
    call reset_xerbla()
    call kblasf_dposv('L', 6, 2, Ad, 6, B, 5, info)
    call check_arg_error('kblasf_dposv ldb<n', info, -7, 'KBLASF_DPOSV')
    call reset_xerbla()
    call kblasf_ztrtri('L', 'X', 4, Z, 4, info)
    call check_arg_error('kblasf_ztrtri diag=X', info, -2, 'KBLASF_ZTRTRI')
    call reset_xerbla()
    call kblasf_zpotri('U', 4, Z, 2, info)
    call check_arg_error('kblasf_zpotri lda<n', info, -4, 'KBLASF_ZPOTRI')
    call reset_xerbla()
    call kblasf_clauum('U', -3, Cc, 4, info)
    call check_arg_error('kblasf_clauum n=-3', info, -2, 'KBLASF_CLAUUM')
    call check(all(Ad == A0) .and. all(B == B0) .and. all(Z == Z0) .and. all(Cc == C0), &
         'calls with illegal arguments modified A or B')

    ! n = 0: nothing to do, info = 0, no report.
    call reset_xerbla()
    info = -99
    call kblasf_dpotrf('L', 0, Ad, 1, info)
    call check(info == 0 .and. xerbla_calls == 0, 'kblasf_dpotrf n=0: info ' // itoa(info) &
         // ', XERBLA calls ' // itoa(xerbla_calls))
    info = -99
    call kblasf_dposv('U', 0, 0, Ad, 1, B, 1, info)
    call check(info == 0 .and. xerbla_calls == 0, 'kblasf_dposv n=0: info ' // itoa(info))
  end subroutine test_chol_arg_errors

  subroutine check_arg_error(desc, info, expect, name)
    character(len=*), intent(in) :: desc, name
    integer, intent(in) :: info, expect
    call check(info == expect, desc // ': info ' // itoa(info) // ', not ' // itoa(expect))
    call check(xerbla_calls == 1, desc // ': XERBLA called ' // itoa(xerbla_calls) // &
         ' times, not once')
    call check(xerbla_info == -expect, desc // ': XERBLA info ' // itoa(xerbla_info) // &
         ', not ' // itoa(-expect))
    call check(trim(xerbla_name) == name, desc // ': XERBLA name "' // trim(xerbla_name) // &
         '", not ' // name)
  end subroutine check_arg_error

  ! The device forms kblasf_dpotrf_dev and kblasf_dpotrs_dev on the handle: A (junk
  ! outside the triangle) and B in device memory with leading dimensions ldda, lddb > n.
  subroutine test_dev_dpotrf_dpotrs(uplo, n, nrhs, ldda_, lddb_)
    character, intent(in) :: uplo
    integer, intent(in) :: n, nrhs, ldda_, lddb_
    real(c_double), allocatable, target :: S(:,:), Ah(:,:), Fh(:,:), Bh(:,:), Xh(:,:)
    logical, allocatable :: mask(:,:)
    type(c_ptr) :: dAd, dBd
    integer(kblasf_int) :: kn, knrhs, kldda, klddb, info
    character(len=96) :: desc

    kn = n; knrhs = nrhs; kldda = ldda_; klddb = lddb_
    write (desc, '(a,a,a,i0,a,i0)') 'kblasf_dpotrf_dev ', uplo, ' n=', n, ' ldda=', ldda_
    allocate (S(n, n), Ah(n, n), Fh(n, n), Bh(n, nrhs), Xh(n, nrhs))
    call make_spd(S)
    mask = tri_mask(uplo, 'N', n, n, n)
    Ah = junk_d
    where (mask) Ah = S
    dAd = dev_alloc(int(ldda_, c_size_t) * int(n, c_size_t) * es_d, 'potrf A')
    dBd = dev_alloc(int(lddb_, c_size_t) * int(nrhs, c_size_t) * es_d, 'potrs B')
    call put(c_loc(Ah), kn, kn, es_d, kn, dAd, kldda, 'potrf A')
    info = -99
    call check_status(kblasf_dpotrf_dev(h, uplo, kn, dAd, kldda, info), trim(desc))
    call check(info == 0, trim(desc) // ': info ' // itoa(int(info)))
    Fh = 0
    call get(dAd, kn, kn, es_d, kldda, c_loc(Fh), kn, 'potrf A')
    call check(all(Fh == Ah .or. mask), trim(desc) // ': wrote outside the triangle')
    call check_resid(chol_resid(uplo, Fh, S), trim(desc))

    write (desc, '(a,a,a,i0,a,i0,a,i0,a,i0)') 'kblasf_dpotrs_dev ', uplo, ' n=', n, &
         ' nrhs=', nrhs, ' ldda=', ldda_, ' lddb=', lddb_
    call random_number(Bh)
    Bh = 2 * Bh - 1
    call put(c_loc(Bh), kn, knrhs, es_d, kn, dBd, klddb, 'potrs B')
    info = -99
    call check_status(kblasf_dpotrs_dev(h, uplo, kn, knrhs, dAd, kldda, dBd, klddb, info), &
         trim(desc))
    call check(info == 0, trim(desc) // ': info ' // itoa(int(info)))
    call get(dBd, kn, knrhs, es_d, klddb, c_loc(Xh), kn, 'potrs B')
    call check_resid(solve_resid(S, Xh, Bh), trim(desc))
    call dev_free(dAd, 'potrf A')
    call dev_free(dBd, 'potrs B')
  end subroutine test_dev_dpotrf_dpotrs

  ! kblasf_dpotrf_dev on a matrix not positive definite from order k: info = k exactly.
  subroutine test_dev_not_spd(uplo, n, ldda_, k)
    character, intent(in) :: uplo
    integer, intent(in) :: n, ldda_, k
    real(c_double), allocatable, target :: S(:,:)
    type(c_ptr) :: dAd
    integer(kblasf_int) :: kn, kldda, info
    integer(c_int) :: status
    character(len=96) :: desc

    kn = n; kldda = ldda_
    write (desc, '(a,a,a,i0,a,i0,a,i0)') 'kblasf_dpotrf_dev ', uplo, ' n=', n, &
         ' not SPD from k=', k, ' ldda=', ldda_
    allocate (S(n, n))
    call make_spd(S)
    S(k, k) = -1
    dAd = dev_alloc(int(ldda_, c_size_t) * int(n, c_size_t) * es_d, 'potrf A')
    call put(c_loc(S), kn, kn, es_d, kn, dAd, kldda, 'potrf A')
    info = -99
    status = kblasf_dpotrf_dev(h, uplo, kn, dAd, kldda, info)
    call check(info == k, trim(desc) // ': info ' // itoa(int(info)) // ', not ' // itoa(k) &
         // ' (status ' // itoa(int(status)) // ')')
    call dev_free(dAd, 'potrf A')
  end subroutine test_dev_not_spd

  ! Illegal arguments to the device forms: KBLASF_STATUS_INVALID_VALUE, info = -i
  ! (the handle not counted), the XERBLA report, data untouched.
  subroutine test_dev_arg_errors()
    real(c_double), target :: Ah(4, 4), Bh(4, 2), A1(4, 4), B1(4, 2)
    type(c_ptr) :: dAd, dBd
    integer(kblasf_int) :: info
    integer(c_int) :: status

    call random_number(Ah)
    call random_number(Bh)
    dAd = dev_alloc(16 * es_d, 'A')
    dBd = dev_alloc(8 * es_d, 'B')
    call put(c_loc(Ah), 4_kblasf_int, 4_kblasf_int, es_d, 4_kblasf_int, dAd, 4_kblasf_int, 'A')
    call put(c_loc(Bh), 4_kblasf_int, 2_kblasf_int, es_d, 4_kblasf_int, dBd, 4_kblasf_int, 'B')

    call reset_xerbla()
    status = kblasf_dpotrf_dev(h, 'L', -1_kblasf_int, dAd, 4_kblasf_int, info)
    call check(status == KBLASF_STATUS_INVALID_VALUE, 'kblasf_dpotrf_dev n=-1: status ' // &
         itoa(int(status)))
    call check_arg_error('kblasf_dpotrf_dev n=-1', int(info), -2, 'KBLASF_DPOTRF')
    call reset_xerbla()
    status = kblasf_dpotrs_dev(h, 'U', 4_kblasf_int, 2_kblasf_int, dAd, 4_kblasf_int, dBd, &
         3_kblasf_int, info)
    call check(status == KBLASF_STATUS_INVALID_VALUE, 'kblasf_dpotrs_dev ldb<n: status ' // &
         itoa(int(status)))
    call check_arg_error('kblasf_dpotrs_dev ldb<n', int(info), -7, 'KBLASF_DPOTRS')
    call reset_xerbla()
    status = kblasf_dpotrf_dev(h, 'Q', 4_kblasf_int, dAd, 4_kblasf_int, info)
    call check(status == KBLASF_STATUS_INVALID_VALUE, 'kblasf_dpotrf_dev uplo=Q: status ' // &
         itoa(int(status)))
    call check_arg_error('kblasf_dpotrf_dev uplo=Q', int(info), -1, 'KBLASF_DPOTRF')

    call get(dAd, 4_kblasf_int, 4_kblasf_int, es_d, 4_kblasf_int, c_loc(A1), 4_kblasf_int, 'A')
    call get(dBd, 4_kblasf_int, 2_kblasf_int, es_d, 4_kblasf_int, c_loc(B1), 4_kblasf_int, 'B')
    call check(all(A1 == Ah) .and. all(B1 == Bh), &
         'device calls with illegal arguments modified A or B')
    call dev_free(dAd, 'A')
    call dev_free(dBd, 'B')
  end subroutine test_dev_arg_errors

  ! kblasf_dposv_batch_strided through the module on device memory: batch matrices of
  ! order n in one buffer (stride ldda*n, junk outside the triangles), member kbad not
  ! positive definite from order n/2+1: its own info, its B untouched, the others solved;
  ! then kblasf_dpotrf_batch with a NULL array of pointers: illegal argument 3.
  subroutine test_dev_dposv_batch(uplo, n, nrhs, ldda_, batch, kbad)
    character, intent(in) :: uplo
    integer, intent(in) :: n, nrhs, ldda_, batch, kbad
    real(c_double), allocatable, target :: S(:,:,:), Ah(:,:,:), Bh(:,:,:), Xh(:,:,:)
    integer(kblasf_int), allocatable, target :: info(:)
    logical, allocatable :: mask(:,:)
    type(c_ptr) :: dAd, dBd, dInfo
    integer(kblasf_int) :: kn, knrhs, kldda, kb
    integer(c_size_t) :: ies
    integer(c_int) :: status
    integer :: b, bad_at
    character(len=96) :: desc

    kn = n; knrhs = nrhs; kldda = ldda_; kb = batch
    ies = c_sizeof(kn)
    bad_at = n / 2 + 1
    write (desc, '(a,a,a,i0,a,i0,a,i0)') 'kblasf_dposv_batch_strided ', uplo, ' n=', n, &
         ' nrhs=', nrhs, ' batch=', batch
    allocate (S(n, n, batch), Ah(ldda_, n, batch), Bh(n, nrhs, batch), Xh(n, nrhs, batch), &
         info(batch))
    mask = tri_mask(uplo, 'N', n, n, n)
    Ah = junk_d
    do b = 1, batch
      call make_spd(S(:, :, b))
      if (b == kbad) then ! a negative pivot at bad_at, nothing coupling it to the rest
        S(bad_at, :, b) = 0
        S(:, bad_at, b) = 0
        S(bad_at, bad_at, b) = -1
      end if
      where (mask) Ah(1:n, :, b) = S(:, :, b)
    end do
    call random_number(Bh)
    Bh = 2 * Bh - 1
    dAd = dev_alloc(int(ldda_, c_size_t) * int(n * batch, c_size_t) * es_d, 'posv_batch A')
    dBd = dev_alloc(int(n * nrhs * batch, c_size_t) * es_d, 'posv_batch B')
    dInfo = dev_alloc(int(batch, c_size_t) * ies, 'posv_batch info')
    call put(c_loc(Ah), kldda, kn * kb, es_d, kldda, dAd, kldda, 'posv_batch A')
    call put(c_loc(Bh), kn, knrhs * kb, es_d, kn, dBd, kn, 'posv_batch B')
    call check_status(kblasf_dposv_batch_strided(h, uplo, kn, knrhs, dAd, kldda, kldda * kn, &
         dBd, kn, kn * knrhs, dInfo, kb), trim(desc))
    call get(dBd, kn, knrhs * kb, es_d, kn, c_loc(Xh), kn, 'posv_batch B')
    call get(dInfo, kb, 1_kblasf_int, ies, kb, c_loc(info), kb, 'posv_batch info')
    do b = 1, batch
      if (b == kbad) then
        call check(info(b) == bad_at, trim(desc) // ': info ' // itoa(int(info(b))) // &
             ', not ' // itoa(bad_at))
        call check(all(Xh(:, :, b) == Bh(:, :, b)), trim(desc) // ': B of a failed member changed')
      else
        call check(info(b) == 0, trim(desc) // ': info ' // itoa(int(info(b))))
        call check_resid(solve_resid(S(:, :, b), Xh(:, :, b), Bh(:, :, b)), trim(desc))
      end if
    end do

    call reset_xerbla()
    status = kblasf_dpotrf_batch(h, uplo, kn, c_null_ptr, kldda, dInfo, kb)
    call check(status == KBLASF_STATUS_INVALID_VALUE .and. xerbla_calls == 1 .and. &
         xerbla_info == 3 .and. trim(xerbla_name) == 'KBLASF_DPOTRF_BATCH', &
         'kblasf_dpotrf_batch with A_array NULL: status ' // itoa(int(status)) // &
         ', XERBLA "' // trim(xerbla_name) // '" ' // itoa(xerbla_info))
    call dev_free(dAd, 'posv_batch A')
    call dev_free(dBd, 'posv_batch B')
    call dev_free(dInfo, 'posv_batch info')
  end subroutine test_dev_dposv_batch

  ! kblasf_dtrsm_batch_strided and kblasf_dtrmm_batch_strided through the module on device
  ! memory: batch triangles of order k (m for side 'L', n for 'R') in one buffer (stride
  ! ldda*k, junk outside the triangle and on the diagonal for diag 'U'), batch m x n B in
  ! another (stride lddb*n, junk in rows m+1:lddb); the residual of every member, A and the
  ! padding rows untouched. Then kblasf_dtrsm_batch (arrays of pointers, built here from
  ! the strided buffers' addresses and uploaded with kblasf_set_vector) on the same data,
  ! and kblasf_dtrsm_batch with a NULL A_array: illegal argument 8, B untouched.
  subroutine test_dev_dtrxm_batch(side, uplo, transa, diag, m, n, ldda_, lddb_, batch, alpha)
    character, intent(in) :: side, uplo, transa, diag
    integer, intent(in) :: m, n, ldda_, lddb_, batch
    real(c_double), intent(in) :: alpha
    real(c_double), allocatable, target :: Ah(:,:,:), Bh(:,:,:), Xh(:,:,:), A1(:,:,:), X1(:,:,:)
    real(c_double), allocatable :: T(:,:), ref(:,:), bnd(:,:)
    type(c_ptr), allocatable, target :: parr(:)
    logical, allocatable :: mask(:,:)
    type(c_ptr) :: dAd, dBd, dAarr, dBarr
    integer(kblasf_int) :: km, kn, kk, kldda, klddb, kb
    integer(c_intptr_t) :: a0, b0
    integer(c_size_t) :: pes
    integer(c_int) :: status
    integer :: k, b, j, form
    character(len=112) :: desc
    character(len=32) :: fname

    k = m
    if (side == 'R') k = n
    km = m; kn = n; kk = k; kldda = ldda_; klddb = lddb_; kb = batch
    pes = c_sizeof(c_null_ptr)
    allocate (Ah(ldda_, k, batch), Bh(lddb_, n, batch), Xh(lddb_, n, batch), &
         A1(ldda_, k, batch), X1(lddb_, n, batch), parr(batch))
    mask = tri_mask(uplo, diag, k, ldda_, k)
    call random_number(Ah)
    do b = 1, batch
      Ah(:, :, b) = (2 * Ah(:, :, b) - 1) / k
      do j = 1, k
        Ah(j, j, b) = 1.5_c_double + Ah(j, j, b)
      end do
      where (.not. mask) Ah(:, :, b) = junk_d
    end do
    call random_number(Bh)
    Bh = 2 * Bh - 1
    Bh(m+1:, :, :) = junk_d
    dAd = dev_alloc(int(ldda_, c_size_t) * int(k * batch, c_size_t) * es_d, 'trxm_batch A')
    dBd = dev_alloc(int(lddb_, c_size_t) * int(n * batch, c_size_t) * es_d, 'trxm_batch B')
    dAarr = dev_alloc(int(batch, c_size_t) * pes, 'trxm_batch A_array')
    dBarr = dev_alloc(int(batch, c_size_t) * pes, 'trxm_batch B_array')
    call put(c_loc(Ah), kldda, kk * kb, es_d, kldda, dAd, kldda, 'trxm_batch A')
    ! the arrays of pointers: matrix b of the strided buffers
    a0 = transfer(dAd, a0)
    b0 = transfer(dBd, b0)
    do b = 1, batch
      parr(b) = transfer(a0 + int(b - 1, c_intptr_t) * ldda_ * k * int(es_d, c_intptr_t), &
           c_null_ptr)
    end do
    call check_status(kblasf_set_vector(h, kb, pes, c_loc(parr), 1_kblasf_int, dAarr, &
         1_kblasf_int), 'kblasf_set_vector trxm_batch A_array')
    do b = 1, batch
      parr(b) = transfer(b0 + int(b - 1, c_intptr_t) * lddb_ * n * int(es_d, c_intptr_t), &
           c_null_ptr)
    end do
    call check_status(kblasf_set_vector(h, kb, pes, c_loc(parr), 1_kblasf_int, dBarr, &
         1_kblasf_int), 'kblasf_set_vector trxm_batch B_array')

    do form = 1, 3
      select case (form)
      case (1)
        fname = 'kblasf_dtrsm_batch_strided'
      case (2)
        fname = 'kblasf_dtrmm_batch_strided'
      case (3)
        fname = 'kblasf_dtrsm_batch'
      end select
      write (desc, '(a,1x,4a1,a,i0,a,i0,a,i0,a,i0,a,i0)') trim(fname), side, uplo, transa, &
           diag, ' m=', m, ' n=', n, ' lda=', ldda_, ' ldb=', lddb_, ' batch=', batch
      call put(c_loc(Bh), klddb, kn * kb, es_d, klddb, dBd, klddb, 'trxm_batch B')
      select case (form)
      case (1)
        status = kblasf_dtrsm_batch_strided(h, side, uplo, transa, diag, km, kn, alpha, dAd, &
             kldda, kldda * kk, dBd, klddb, klddb * kn, kb)
      case (2)
        status = kblasf_dtrmm_batch_strided(h, side, uplo, transa, diag, km, kn, alpha, dAd, &
             kldda, kldda * kk, dBd, klddb, klddb * kn, kb)
      case default
        status = kblasf_dtrsm_batch(h, side, uplo, transa, diag, km, kn, alpha, dAarr, &
             kldda, dBarr, klddb, kb)
      end select
      call check_status(status, trim(desc))
      call get(dBd, klddb, kn * kb, es_d, klddb, c_loc(Xh), klddb, 'trxm_batch B')
      do b = 1, batch
        T = tri_d(uplo, diag, Ah(:, :, b), k)
        if (transa /= 'N') T = transpose(T)
        if (form == 2) then
          ! B := alpha op(T) B or alpha B op(T)
          if (side == 'L') then
            ref = abs(Xh(1:m, :, b) - alpha * matmul(T, Bh(1:m, :, b)))
            bnd = abs(alpha) * matmul(abs(T), abs(Bh(1:m, :, b)))
          else
            ref = abs(Xh(1:m, :, b) - alpha * matmul(Bh(1:m, :, b), T))
            bnd = abs(alpha) * matmul(abs(Bh(1:m, :, b)), abs(T))
          end if
        else
          ! op(T) X = alpha B: the residual op(T) X - alpha B against |op(T)||X| + |alpha B|.
          if (side == 'L') then
            ref = abs(matmul(T, Xh(1:m, :, b)) - alpha * Bh(1:m, :, b))
            bnd = matmul(abs(T), abs(Xh(1:m, :, b))) + abs(alpha * Bh(1:m, :, b))
          else
            ref = abs(matmul(Xh(1:m, :, b), T) - alpha * Bh(1:m, :, b))
            bnd = matmul(abs(Xh(1:m, :, b)), abs(T)) + abs(alpha * Bh(1:m, :, b))
          end if
        end if
        call check_resid(scaled_resid(reshape(ref, [m * n]), reshape(bnd, [m * n]), kk, &
             epsilon(1.0_c_double)), trim(desc) // ' member ' // itoa(b))
      end do
      call check(all(Xh(m+1:, :, :) == junk_d), trim(desc) // ': wrote past m rows of B')
    end do
    call get(dAd, kldda, kk * kb, es_d, kldda, c_loc(A1), kldda, 'trxm_batch A')
    call check(all(A1 == Ah), trim(fname) // ': modified A')

    call reset_xerbla()
    status = kblasf_dtrsm_batch(h, side, uplo, transa, diag, km, kn, alpha, c_null_ptr, &
         kldda, dBarr, klddb, kb)
    call check(status == KBLASF_STATUS_INVALID_VALUE .and. xerbla_calls == 1 .and. &
         xerbla_info == 8 .and. trim(xerbla_name) == 'KBLASF_DTRSM_BATCH', &
         'kblasf_dtrsm_batch with A_array NULL: status ' // itoa(int(status)) // &
         ', XERBLA "' // trim(xerbla_name) // '" ' // itoa(xerbla_info))
    call get(dBd, klddb, kn * kb, es_d, klddb, c_loc(X1), klddb, 'trxm_batch B')
    call check(all(X1 == Xh), 'kblasf_dtrsm_batch with A_array NULL modified B')
    call dev_free(dAd, 'trxm_batch A')
    call dev_free(dBd, 'trxm_batch B')
    call dev_free(dAarr, 'trxm_batch A_array')
    call dev_free(dBarr, 'trxm_batch B_array')
  end subroutine test_dev_dtrxm_batch

  ! kblasf_dtrtri_batch_strided through the module: X A = I for each member (residual
  ! against |X||A|), the other triangle (and a unit diagonal) untouched; an illegal NULL A.
  subroutine test_dev_dtrtri_batch(uplo, diag, n, ldda_, batch)
    character, intent(in) :: uplo, diag
    integer, intent(in) :: n, ldda_, batch
    real(c_double), allocatable, target :: Ah(:,:,:), Xh(:,:,:)
    real(c_double), allocatable :: T(:,:), X(:,:), eye(:,:)
    logical, allocatable :: mask(:,:)
    type(c_ptr) :: dAd
    integer(kblasf_int) :: kn, kldda, kb
    integer(c_int) :: status
    integer :: b, j
    character(len=96) :: desc

    kn = n; kldda = ldda_; kb = batch
    allocate (Ah(ldda_, n, batch), Xh(ldda_, n, batch), eye(n, n))
    eye = 0
    do j = 1, n
      eye(j, j) = 1
    end do
    mask = tri_mask(uplo, diag, n, ldda_, n)
    call random_number(Ah)
    do b = 1, batch
      Ah(:, :, b) = (2 * Ah(:, :, b) - 1) / n
      do j = 1, n
        Ah(j, j, b) = 1.5_c_double + Ah(j, j, b)
      end do
      where (.not. mask) Ah(:, :, b) = junk_d
    end do
    write (desc, '(a,1x,2a1,a,i0,a,i0,a,i0)') 'kblasf_dtrtri_batch_strided', uplo, diag, &
         ' n=', n, ' lda=', ldda_, ' batch=', batch
    dAd = dev_alloc(int(ldda_, c_size_t) * int(n * batch, c_size_t) * es_d, 'trtri_batch A')
    call put(c_loc(Ah), kldda, kn * kb, es_d, kldda, dAd, kldda, 'trtri_batch A')
    status = kblasf_dtrtri_batch_strided(h, uplo, diag, kn, dAd, kldda, kldda * kn, kb)
    call check_status(status, trim(desc))
    call get(dAd, kldda, kn * kb, es_d, kldda, c_loc(Xh), kldda, 'trtri_batch A')
    do b = 1, batch
      T = tri_d(uplo, diag, Ah(:, :, b), n)
      X = tri_d(uplo, diag, Xh(:, :, b), n)
      call check_resid(scaled_resid(reshape(abs(matmul(X, T) - eye), [n * n]), &
           reshape(matmul(abs(X), abs(T)), [n * n]), kn, epsilon(1.0_c_double)), &
           trim(desc) // ' member ' // itoa(b))
      call check(all(pack(Xh(:, :, b), .not. mask) == junk_d), &
           trim(desc) // ': wrote outside the triangle')
    end do
    call reset_xerbla()
    status = kblasf_dtrtri_batch(h, uplo, diag, kn, c_null_ptr, kldda, kb)
    call check(status == KBLASF_STATUS_INVALID_VALUE .and. xerbla_calls == 1 .and. &
         xerbla_info == 4 .and. trim(xerbla_name) == 'KBLASF_DTRTRI_BATCH', &
         'kblasf_dtrtri_batch with A_array NULL: status ' // itoa(int(status)) // &
         ', XERBLA "' // trim(xerbla_name) // '" ' // itoa(xerbla_info))
    call dev_free(dAd, 'trtri_batch A')
  end subroutine test_dev_dtrtri_batch

  ! The batched POTI, POTRI and LAUUM through the module (strided, array form for the
  ! errors): a factor F (diagonal 1.5..2.5, the rest small) and A = F F^T (lower) or F^T F
  ! (upper); POTI on A and POTRI on F must give X with A X = I (residual against |A||X|),
  ! LAUUM on F the product F^T F or F F^T; the other triangle untouched; POTI of a member
  ! made indefinite (A(2,2) = -1) reports info 2 for it alone; an illegal NULL info_array.
  subroutine test_dev_dpotri_batch(uplo, n, ldda_, batch)
    character, intent(in) :: uplo
    integer, intent(in) :: n, ldda_, batch
    real(c_double), allocatable, target :: Fh(:,:,:), Ah(:,:,:), Xh(:,:,:)
    real(c_double), allocatable :: F(:,:), A(:,:), X(:,:), eye(:,:), P(:,:)
    logical, allocatable :: mask(:,:)
    integer(kblasf_int), allocatable, target :: info(:)
    type(c_ptr) :: dA, dinfo
    integer(kblasf_int) :: kn, kldda, kb, stride
    integer(c_int) :: status
    integer :: b, j, op
    character(len=96) :: desc
    character(len=5), parameter :: opn(3) = ['poti ', 'potri', 'lauum']

    kn = n; kldda = ldda_; kb = batch; stride = kldda * kn
    allocate (Fh(ldda_, n, batch), Ah(ldda_, n, batch), Xh(ldda_, n, batch), eye(n, n))
    allocate (info(batch))
    eye = 0
    do j = 1, n
      eye(j, j) = 1
    end do
    mask = tri_mask(uplo, 'N', n, ldda_, n)
    call random_number(Fh)
    Ah = junk_d
    do b = 1, batch
      Fh(:, :, b) = (2 * Fh(:, :, b) - 1) / n
      do j = 1, n
        Fh(j, j, b) = 1.5_c_double + Fh(j, j, b) * n
      end do
      where (.not. mask) Fh(:, :, b) = junk_d
      F = tri_d(uplo, 'N', Fh(:, :, b), n)
      if (uplo == 'L') then
        A = matmul(F, transpose(F))
      else
        A = matmul(transpose(F), F)
      end if
      where (mask(1:n, 1:n)) Ah(1:n, 1:n, b) = A
    end do
    dA = dev_alloc(int(stride, c_size_t) * int(batch, c_size_t) * es_d, 'potri_batch A')
    dinfo = dev_alloc(int(batch, c_size_t) * c_sizeof(0_kblasf_int), 'potri_batch info')
    do op = 1, 3
      write (desc, '(a,1x,a1,a,i0,a,i0,a,i0)') 'kblasf_d' // trim(opn(op)) // '_batch_strided', &
           uplo, ' n=', n, ' lda=', ldda_, ' batch=', batch
      if (op == 1) then
        call put(c_loc(Ah), kldda, kn * kb, es_d, kldda, dA, kldda, 'potri_batch A')
        status = kblasf_dpoti_batch_strided(h, uplo, kn, dA, kldda, stride, dinfo, kb)
      else
        call put(c_loc(Fh), kldda, kn * kb, es_d, kldda, dA, kldda, 'potri_batch A')
        if (op == 2) then
          status = kblasf_dpotri_batch_strided(h, uplo, kn, dA, kldda, stride, dinfo, kb)
        else
          status = kblasf_dlauum_batch_strided(h, uplo, kn, dA, kldda, stride, kb)
        end if
      end if
      call check_status(status, trim(desc))
      call get(dA, kldda, kn * kb, es_d, kldda, c_loc(Xh), kldda, 'potri_batch A')
      info = -1
      if (op < 3) call get(dinfo, kb, 1_kblasf_int, c_sizeof(0_kblasf_int), kb, c_loc(info), &
           kb, 'potri_batch info')
      do b = 1, batch
        F = tri_d(uplo, 'N', Fh(:, :, b), n)
        X = tri_d(uplo, 'N', Xh(:, :, b), n)
        if (uplo == 'L') then
          A = matmul(F, transpose(F))
          P = matmul(transpose(F), F)
        else
          A = matmul(transpose(F), F)
          P = matmul(F, transpose(F))
        end if
        if (op < 3) then
          call check(info(b) == 0, trim(desc) // ': info ' // itoa(int(info(b))))
          X = X + transpose(X) - diag_of(X, n)
          call check_resid(scaled_resid(reshape(abs(matmul(A, X) - eye), [n * n]), &
               reshape(matmul(abs(A), abs(X)) * n, [n * n]), kn, epsilon(1.0_c_double)), &
               trim(desc) // ' member ' // itoa(b))
        else
          call check_resid(scaled_resid(reshape(abs(X - tri_d(uplo, 'N', P, n)), [n * n]), &
               reshape(matmul(abs(transpose(F)), abs(F)) + matmul(abs(F), abs(transpose(F))), &
               [n * n]), kn, epsilon(1.0_c_double)), trim(desc) // ' member ' // itoa(b))
        end if
        call check(all(pack(Xh(:, :, b), .not. mask) == junk_d), &
             trim(desc) // ': wrote outside the triangle')
      end do
    end do
    ! one indefinite member: its own info only
    Xh = Ah
    Xh(2, 2, batch) = -1
    call put(c_loc(Xh), kldda, kn * kb, es_d, kldda, dA, kldda, 'potri_batch A')
    status = kblasf_dpoti_batch_strided(h, uplo, kn, dA, kldda, stride, dinfo, kb)
    call get(dinfo, kb, 1_kblasf_int, c_sizeof(0_kblasf_int), kb, c_loc(info), kb, &
         'potri_batch info')
    call check(status == KBLASF_STATUS_SUCCESS .and. info(batch) == 2 .and. &
         all(info(1:batch - 1) == 0), 'kblasf_dpoti_batch_strided with an indefinite member: ' &
         // 'status ' // itoa(int(status)) // ', its info ' // itoa(int(info(batch))))
    call reset_xerbla()
    status = kblasf_dpotri_batch(h, uplo, kn, c_null_ptr, kldda, c_null_ptr, 0_kblasf_int)
    call check(status == KBLASF_STATUS_SUCCESS .and. xerbla_calls == 0, &
         'kblasf_dpotri_batch with batch 0: status ' // itoa(int(status)))
    status = kblasf_dpoti_batch(h, uplo, kn, c_null_ptr, kldda, c_null_ptr, kb)
    call check(status == KBLASF_STATUS_INVALID_VALUE .and. xerbla_calls == 1 .and. &
         xerbla_info == 3 .and. trim(xerbla_name) == 'KBLASF_DPOTI_BATCH', &
         'kblasf_dpoti_batch with A_array NULL: status ' // itoa(int(status)) // &
         ', XERBLA "' // trim(xerbla_name) // '" ' // itoa(xerbla_info))
    call dev_free(dA, 'potri_batch A')
    call dev_free(dinfo, 'potri_batch info')
  end subroutine test_dev_dpotri_batch

  function diag_of(X, n) result(D)
    real(c_double), intent(in) :: X(:,:)
    integer, intent(in) :: n
    real(c_double) :: D(n, n)
    integer :: j
    D = 0
    do j = 1, n
      D(j, j) = X(j, j)
    end do
  end function diag_of

  ! kblasf_dsyrk_batch_strided through the module: C := alpha op(A) op(A)^T + beta C on the
  ! uplo triangle of each member against matmul, the other triangle untouched.
  subroutine test_dev_dsyrk_batch(uplo, trans, n, k, batch)
    character, intent(in) :: uplo, trans
    integer, intent(in) :: n, k, batch
    real(c_double), allocatable, target :: Ah(:,:,:), Ch(:,:,:), Xh(:,:,:)
    real(c_double), allocatable :: opA(:,:), R(:,:), Bd(:,:)
    logical, allocatable :: mask(:,:)
    type(c_ptr) :: dA, dC
    integer(kblasf_int) :: kn, kk, lda, kb
    integer(c_int) :: status
    integer :: b
    real(c_double), parameter :: alpha = 0.75_c_double, beta = -0.5_c_double
    character(len=96) :: desc

    kn = n; kk = k; kb = batch
    if (trans == 'N') then
      lda = n
      allocate (Ah(n, k, batch))
    else
      lda = k
      allocate (Ah(k, n, batch))
    end if
    allocate (Ch(n, n, batch), Xh(n, n, batch))
    call random_number(Ah)
    call random_number(Ch)
    mask = tri_mask(uplo, 'N', n, n, n)
    write (desc, '(a,1x,2a1,a,i0,a,i0,a,i0)') 'kblasf_dsyrk_batch_strided', uplo, trans, &
         ' n=', n, ' k=', k, ' batch=', batch
    dA = dev_alloc(int(size(Ah), c_size_t) * es_d, 'syrk_batch A')
    dC = dev_alloc(int(size(Ch), c_size_t) * es_d, 'syrk_batch C')
    call put(c_loc(Ah), int(size(Ah), kblasf_int), 1_kblasf_int, es_d, &
         int(size(Ah), kblasf_int), dA, int(size(Ah), kblasf_int), 'syrk_batch A')
    call put(c_loc(Ch), kn, kn * kb, es_d, kn, dC, kn, 'syrk_batch C')
    status = kblasf_dsyrk_batch_strided(h, uplo, trans, kn, kk, alpha, dA, lda, lda * &
         merge(kk, kn, trans == 'N'), beta, dC, kn, kn * kn, kb)
    call check_status(status, trim(desc))
    call get(dC, kn, kn * kb, es_d, kn, c_loc(Xh), kn, 'syrk_batch C')
    do b = 1, batch
      if (trans == 'N') then
        opA = Ah(:, :, b)
      else
        opA = transpose(Ah(:, :, b))
      end if
      R = alpha * matmul(opA, transpose(opA)) + beta * Ch(:, :, b)
      Bd = abs(alpha) * matmul(abs(opA), abs(transpose(opA))) + abs(beta) * abs(Ch(:, :, b))
      call check_resid(scaled_resid(pack(abs(Xh(:, :, b) - R), mask), pack(Bd, mask), kk, &
           epsilon(1.0_c_double)), trim(desc) // ' member ' // itoa(b))
      call check(all(pack(Xh(:, :, b), .not. mask) == pack(Ch(:, :, b), .not. mask)), &
           trim(desc) // ': wrote outside the triangle')
    end do
    call dev_free(dA, 'syrk_batch A')
    call dev_free(dC, 'syrk_batch C')
  end subroutine test_dev_dsyrk_batch

  ! kblasf_zherk_batch_strided through the module (real alpha and beta): n = 3, k = 2,
  ! two members, lower, trans 'C', against matmul; the diagonal comes back real.
  subroutine test_dev_zherk_batch()
    integer, parameter :: n = 3, k = 2, nb = 2
    complex(c_double_complex), target :: Ah(k, n, nb), Ch(n, n, nb), Xh(n, n, nb)
    complex(c_double_complex) :: R(n, n)
    real(c_double) :: re(k, n, nb), im(k, n, nb), cr(n, n, nb), ci(n, n, nb)
    type(c_ptr) :: dA, dC
    integer(c_int) :: status
    integer :: b, i, j
    logical :: ok

    call random_number(re)
    call random_number(im)
    call random_number(cr)
    call random_number(ci)
    Ah = cmplx(re, im, c_double_complex)
    Ch = cmplx(cr, ci, c_double_complex)
    dA = dev_alloc(int(size(Ah), c_size_t) * es_z, 'herk_batch A')
    dC = dev_alloc(int(size(Ch), c_size_t) * es_z, 'herk_batch C')
    call put(c_loc(Ah), int(k, kblasf_int), int(n * nb, kblasf_int), es_z, int(k, kblasf_int), &
         dA, int(k, kblasf_int), 'herk_batch A')
    call put(c_loc(Ch), int(n, kblasf_int), int(n * nb, kblasf_int), es_z, int(n, kblasf_int), &
         dC, int(n, kblasf_int), 'herk_batch C')
    status = kblasf_zherk_batch_strided(h, 'L', 'C', int(n, kblasf_int), int(k, kblasf_int), &
         2.0_c_double, dA, int(k, kblasf_int), int(k * n, kblasf_int), 0.5_c_double, dC, &
         int(n, kblasf_int), int(n * n, kblasf_int), int(nb, kblasf_int))
    call check_status(status, 'kblasf_zherk_batch_strided')
    call get(dC, int(n, kblasf_int), int(n * nb, kblasf_int), es_z, int(n, kblasf_int), &
         c_loc(Xh), int(n, kblasf_int), 'herk_batch C')
    ok = .true.
    do b = 1, nb
      R = 2 * matmul(conjg(transpose(Ah(:, :, b))), Ah(:, :, b)) + 0.5_c_double * Ch(:, :, b)
      do j = 1, n
        R(j, j) = cmplx(2 * sum(abs(Ah(:, j, b))**2) + 0.5_c_double * real(Ch(j, j, b)), 0, &
             c_double_complex)
        do i = 1, n
          if (i >= j) ok = ok .and. abs(Xh(i, j, b) - R(i, j)) < 1e-13_c_double
          if (i < j) ok = ok .and. Xh(i, j, b) == Ch(i, j, b)
        end do
        ok = ok .and. aimag(Xh(j, j, b)) == 0
      end do
    end do
    call check(ok, 'kblasf_zherk_batch_strided L C n=3 k=2: wrong result, imaginary diagonal ' &
         // 'or a write outside the triangle')
    call dev_free(dA, 'herk_batch A')
    call dev_free(dC, 'herk_batch C')
  end subroutine test_dev_zherk_batch

  ! The legacy units of test_fortran_lapack.f90 (no module): the LAPACK names and the
  ! F77 symbols, with kblasf_lapack_calls() around them.
  subroutine test_legacy_lapack(n)
    integer, intent(in) :: n
    character(len=6), parameter :: names(6) = &
         ['DPOTRF', 'DPOTRS', 'DPOTRI', 'ZPOSV ', 'DTRTRI', 'DLAUUM']
    character(len=13), parameter :: knames(3) = &
         ['KBLASF_DPOTRF', 'ZPOTRF       ', 'KBLASF_ZPOTRS']
    character(len=13), parameter :: tnames(2) = ['DSYTRD       ', 'KBLASF_ZHETRD']
    real(c_double) :: tresid(4), gresid(3)
    integer :: tinfos(2), ginfo
    real(c_double) :: resid(6), kresid(2)
    integer :: infos(6), kinfos(3), i
    logical :: untouched
    integer(c_long) :: c0, c1, c2
    character(len=16) :: sz
    external :: legacy_lapack_names, legacy_kblasf_names, legacy_sytrd, legacy_gebrd

    write (sz, '(a,i0)') ' n=', n
    c0 = kblasf_lapack_calls()
    call legacy_lapack_names(n, resid, infos, untouched)
    c1 = kblasf_lapack_calls()
    call legacy_kblasf_names(n, kresid, kinfos)
    c2 = kblasf_lapack_calls()
    do i = 1, 6
      call check(infos(i) == 0, 'CALL ' // trim(names(i)) // trim(sz) // ': info ' // &
           itoa(infos(i)))
      call check_resid(resid(i), 'CALL ' // trim(names(i)) // trim(sz))
    end do
    call check(untouched, 'LAPACK names' // trim(sz) // &
         ': wrote outside the triangle or past n rows')
    do i = 1, 3
      call check(kinfos(i) == 0, 'CALL ' // trim(knames(i)) // trim(sz) // ': info ' // &
           itoa(kinfos(i)))
    end do
    call check_resid(kresid(1), 'CALL KBLASF_DPOTRF' // trim(sz))
    call check_resid(kresid(2), 'CALL KBLASF_ZPOTRS' // trim(sz))
    call check(c2 - c1 >= 2, 'CALL KBLASF_DPOTRF/KBLASF_ZPOTRS' // trim(sz) // &
         ': not counted by kblasf_lapack_calls')
    if (n == 33) write (*, '(a,i0,a)') 'test_fortran: kblasf served ', c1 - c0, &
         ' of the 6 calls by LAPACK names (0 with --disable-lapack-names)'
    call legacy_sytrd(n, tresid, tinfos)
    do i = 1, 2
      call check(tinfos(i) == 0, 'CALL ' // trim(tnames(i)) // trim(sz) // ': info ' // &
           itoa(tinfos(i)))
      call check_resid(tresid(2 * i - 1), 'CALL ' // trim(tnames(i)) // trim(sz) // &
           ' ||A - Q T Q^H||')
      call check_resid(tresid(2 * i), 'CALL ' // trim(tnames(i)) // trim(sz) // ' ||I - Q^H Q||')
    end do
    call test_module_sytrd(n)
    call legacy_gebrd(n + 7, n, gresid, ginfo)
    call check(ginfo == 0, 'CALL DGEBRD m>n' // trim(sz) // ': info ' // itoa(ginfo))
    do i = 1, 3
      call check_resid(gresid(i), 'CALL DGEBRD m>n' // trim(sz) // ' ratio ' // itoa(i))
    end do
    call legacy_gebrd(n, n + 5, gresid, ginfo)
    call check(ginfo == 0, 'CALL DGEBRD m<n' // trim(sz) // ': info ' // itoa(ginfo))
    do i = 1, 3
      call check_resid(gresid(i), 'CALL DGEBRD m<n' // trim(sz) // ' ratio ' // itoa(i))
    end do
  end subroutine test_legacy_lapack

  ! The host form through the module's explicit interface: call kblasf_dsytrd(...) with
  ! LAPACK's arguments; the workspace query first, then the reduction, checked by d and e
  ! against the diagonals left in A and by the trace (the sum of d equals A's trace).
  subroutine test_module_sytrd(n)
    integer, intent(in) :: n
    real(c_double), allocatable :: A(:,:), G(:,:), d(:), e(:), tau(:), work(:)
    real(c_double) :: q(1), tr
    integer(kblasf_int) :: info, nn, lwork, i
    character(len=16) :: sz

    write (sz, '(a,i0)') ' n=', n
    nn = n
    allocate (A(n, n), G(n, n), d(n), e(n), tau(n))
    call random_number(G)
    A = G + transpose(G)
    tr = 0
    do i = 1, nn
      tr = tr + A(i, i)
    end do
    call kblasf_dsytrd('U', nn, A, nn, d, e, tau, q, -1_kblasf_int, info)
    call check(info == 0 .and. q(1) >= 1, 'kblasf_dsytrd lwork=-1' // trim(sz))
    lwork = max(1_kblasf_int, int(q(1), kblasf_int))
    allocate (work(lwork))
    call kblasf_dsytrd('U', nn, A, nn, d, e, tau, work, lwork, info)
    call check(info == 0, 'kblasf_dsytrd (module)' // trim(sz) // ': info ' // itoa(int(info)))
    do i = 1, nn
      call check(A(i, i) == d(i), 'kblasf_dsytrd (module)' // trim(sz) // ': d not in A')
      if (i < nn) call check(A(i, i + 1) == e(i), 'kblasf_dsytrd (module)' // trim(sz) // &
           ': e not in A')
    end do
    call check(abs(sum(d) - tr) <= 100 * n * epsilon(1d0) * maxval(abs(d)), &
         'kblasf_dsytrd (module)' // trim(sz) // ': the trace changed')
  end subroutine test_module_sytrd

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

