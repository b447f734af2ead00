! kblasf — Fortran interfaces (ISO_C_BINDING) to the kblasf C API.
!
! Handles and device memory are type(c_ptr); device arrays are passed as type(c_ptr)
! (from kblasf_malloc, or c_loc of host arrays on the host executor); alpha and beta
! are ordinary Fortran scalars of the routine's type. Integers are integer(kblasf_int):
! 32-bit, or 64-bit when the library was configured with --enable-ilp64.
! Every function returns a status: KBLASF_STATUS_SUCCESS (0) or an error code.
! Host-pointer TRMM/TRSM with Fortran BLAS arguments need no module: call KBLASF_DTRMM
! (and S, C, Z; TRSM) exactly like DTRMM.
! This head is hand-written; gen_module.py appends the generated routines to it.
module kblasf
  use, intrinsic :: iso_c_binding
  use kblasf_kinds
  implicit none

  integer(c_int), parameter :: KBLASF_STATUS_SUCCESS = 0, &
       KBLASF_STATUS_INVALID_VALUE = 1, KBLASF_STATUS_ALLOC_FAILED = 2, &
       KBLASF_STATUS_NO_DEVICE = 3, KBLASF_STATUS_EXECUTION_FAILED = 4, &
       KBLASF_STATUS_NOT_SUPPORTED = 5, KBLASF_STATUS_INTERNAL_ERROR = 6
  integer(c_int), parameter :: KBLASF_BACKEND_AUTO = 0, KBLASF_BACKEND_CUDA = 1, &
       KBLASF_BACKEND_HOST = 2

  interface
    ! ---- handle ---------------------------------------------------------------
    integer(c_int) function kblasf_create(handle, device) bind(C, name="kblasf_create")
      import :: c_int, c_ptr
      type(c_ptr), intent(out) :: handle
      integer(c_int), value :: device
    end function
    integer(c_int) function kblasf_create_backend(handle, device, backend) &
         bind(C, name="kblasf_create_backend")
      import :: c_int, c_ptr
      type(c_ptr), intent(out) :: handle
      integer(c_int), value :: device, backend
    end function
    integer(c_int) function kblasf_destroy(handle) bind(C, name="kblasf_destroy")
      import :: c_int, c_ptr
      type(c_ptr), value :: handle
    end function
    integer(c_int) function kblasf_set_stream(handle, stream) bind(C, name="kblasf_set_stream")
      import :: c_int, c_ptr
      type(c_ptr), value :: handle, stream
    end function
    integer(c_int) function kblasf_get_stream(handle, stream) bind(C, name="kblasf_get_stream")
      import :: c_int, c_ptr
      type(c_ptr), value :: handle
      type(c_ptr), intent(out) :: stream
    end function
    type(c_ptr) function kblasf_default_handle() bind(C, name="kblasf_default_handle")
      import :: c_ptr
    end function
    integer(c_int) function kblasf_synchronize(handle) bind(C, name="kblasf_synchronize")
      import :: c_int, c_ptr
      type(c_ptr), value :: handle
    end function
    integer(c_int) function kblasf_get_backend(handle) bind(C, name="kblasf_get_backend")
      import :: c_int, c_ptr
      type(c_ptr), value :: handle
    end function
    integer(c_int) function kblasf_set_trxm_stop_size(handle, nb) &
         bind(C, name="kblasf_set_trxm_stop_size")
      import :: c_int, c_ptr, kblasf_int
      type(c_ptr), value :: handle
      integer(kblasf_int), value :: nb
    end function
    integer(c_int) function kblasf_device_count() bind(C, name="kblasf_device_count")
      import :: c_int
    end function

    ! ---- memory -----------------------------------------------------------------
    integer(c_int) function kblasf_malloc(handle, ptr, bytes) bind(C, name="kblasf_malloc")
      import :: c_int, c_ptr, c_size_t
      type(c_ptr), value :: handle
      type(c_ptr), intent(out) :: ptr
      integer(c_size_t), value :: bytes
    end function
    integer(c_int) function kblasf_free(handle, ptr) bind(C, name="kblasf_free")
      import :: c_int, c_ptr
      type(c_ptr), value :: handle, ptr
    end function
    integer(c_int) function kblasf_set_matrix(handle, m, n, elsize, hA, lda, dA, ldda) &
         bind(C, name="kblasf_set_matrix")
      import :: c_int, c_ptr, c_size_t, kblasf_int
      type(c_ptr), value :: handle, hA, dA
      integer(kblasf_int), value :: m, n, lda, ldda
      integer(c_size_t), value :: elsize
    end function
    integer(c_int) function kblasf_set_vector(handle, n, elsize, hx, incx, dy, incy) &
         bind(C, name="kblasf_set_vector")
      import :: c_int, c_ptr, c_size_t, kblasf_int
      type(c_ptr), value :: handle, hx, dy
      integer(kblasf_int), value :: n, incx, incy
      integer(c_size_t), value :: elsize
    end function
    integer(c_int) function kblasf_get_vector(handle, n, elsize, dx, incx, hy, incy) &
         bind(C, name="kblasf_get_vector")
      import :: c_int, c_ptr, c_size_t, kblasf_int
      type(c_ptr), value :: handle, dx, hy
      integer(kblasf_int), value :: n, incx, incy
      integer(c_size_t), value :: elsize
    end function
    integer(c_int) function kblasf_get_matrix(handle, m, n, elsize, dA, ldda, hA, lda) &
         bind(C, name="kblasf_get_matrix")
      import :: c_int, c_ptr, c_size_t, kblasf_int
      type(c_ptr), value :: handle, dA, hA
      integer(kblasf_int), value :: m, n, ldda, lda
      integer(c_size_t), value :: elsize
    end function
  end interface

  ! ---- routines with option letters: public wrappers over private bind(C) ----
  public :: kblasf_sgemv, kblasf_sgemv_offset, kblasf_ssymv, &
       kblasf_ssymv_offset, kblasf_dgemv, kblasf_dgemv_offset, &
       kblasf_dsymv, kblasf_dsymv_offset, kblasf_cgemv, &
       kblasf_cgemv_offset, kblasf_chemv, kblasf_chemv_offset, &
       kblasf_zgemv, kblasf_zgemv_offset, kblasf_zhemv, &
       kblasf_zhemv_offset, kblasf_strmm, kblasf_strsm, &
       kblasf_dtrmm, kblasf_dtrsm, kblasf_ctrmm, kblasf_ctrsm, &
       kblasf_ztrmm, kblasf_ztrsm
  interface
    integer(c_int) function kblasf_c_sgemv(handle, trans, m, n, alpha, A, lda, x, incx, beta, y, incy) &
         bind(C, name="kblasf_sgemv")
      import :: c_int, c_ptr, c_char, c_float, c_double, c_float_complex, &
                c_double_complex, kblasf_int
      type(c_ptr), value :: handle
      character(kind=c_char), value :: trans
      integer(kblasf_int), value :: m
      integer(kblasf_int), value :: n
      real(c_float), intent(in) :: alpha
      type(c_ptr), value :: A
      integer(kblasf_int), value :: lda
      type(c_ptr), value :: x
      integer(kblasf_int), value :: incx
      real(c_float), intent(in) :: beta
      type(c_ptr), value :: y
      integer(kblasf_int), value :: incy
    end function kblasf_c_sgemv

    integer(c_int) function kblasf_c_sgemv_offset(handle, trans, m, n, alpha, A, lda, x, incx, beta, y, incy, &
         offr, offc) &
         bind(C, name="kblasf_sgemv_offset")
      import :: c_int, c_ptr, c_char, c_float, c_double, c_float_complex, &
                c_double_complex, kblasf_int
      type(c_ptr), value :: handle
      character(kind=c_char), value :: trans
      integer(kblasf_int), value :: m
      integer(kblasf_int), value :: n
      real(c_float), intent(in) :: alpha
      type(c_ptr), value :: A
      integer(kblasf_int), value :: lda
      type(c_ptr), value :: x
      integer(kblasf_int), value :: incx
      real(c_float), intent(in) :: beta
      type(c_ptr), value :: y
      integer(kblasf_int), value :: incy
      integer(kblasf_int), value :: offr
      integer(kblasf_int), value :: offc
    end function kblasf_c_sgemv_offset

    integer(c_int) function kblasf_c_ssymv(handle, uplo, n, alpha, A, lda, x, incx, beta, y, incy) &
         bind(C, name="kblasf_ssymv")
      import :: c_int, c_ptr, c_char, c_float, c_double, c_float_complex, &
                c_double_complex, kblasf_int
      type(c_ptr), value :: handle
      character(kind=c_char), value :: uplo
      integer(kblasf_int), value :: n
      real(c_float), intent(in) :: alpha
      type(c_ptr), value :: A
      integer(kblasf_int), value :: lda
      type(c_ptr), value :: x
      integer(kblasf_int), value :: incx
      real(c_float), intent(in) :: beta
      type(c_ptr), value :: y
      integer(kblasf_int), value :: incy
    end function kblasf_c_ssymv

    integer(c_int) function kblasf_c_ssymv_offset(handle, uplo, n, alpha, A, lda, x, incx, beta, y, incy, &
         off) &
         bind(C, name="kblasf_ssymv_offset")
      import :: c_int, c_ptr, c_char, c_float, c_double, c_float_complex, &
                c_double_complex, kblasf_int
      type(c_ptr), value :: handle
      character(kind=c_char), value :: uplo
      integer(kblasf_int), value :: n
      real(c_float), intent(in) :: alpha
      type(c_ptr), value :: A
      integer(kblasf_int), value :: lda
      type(c_ptr), value :: x
      integer(kblasf_int), value :: incx
      real(c_float), intent(in) :: beta
      type(c_ptr), value :: y
      integer(kblasf_int), value :: incy
      integer(kblasf_int), value :: off
    end function kblasf_c_ssymv_offset

    integer(c_int) function kblasf_c_dgemv(handle, trans, m, n, alpha, A, lda, x, incx, beta, y, incy) &
         bind(C, name="kblasf_dgemv")
      import :: c_int, c_ptr, c_char, c_float, c_double, c_float_complex, &
                c_double_complex, kblasf_int
      type(c_ptr), value :: handle
      character(kind=c_char), value :: trans
      integer(kblasf_int), value :: m
      integer(kblasf_int), value :: n
      real(c_double), intent(in) :: alpha
      type(c_ptr), value :: A
      integer(kblasf_int), value :: lda
      type(c_ptr), value :: x
      integer(kblasf_int), value :: incx
      real(c_double), intent(in) :: beta
      type(c_ptr), value :: y
      integer(kblasf_int), value :: incy
    end function kblasf_c_dgemv

    integer(c_int) function kblasf_c_dgemv_offset(handle, trans, m, n, alpha, A, lda, x, incx, beta, y, incy, &
         offr, offc) &
         bind(C, name="kblasf_dgemv_offset")
      import :: c_int, c_ptr, c_char, c_float, c_double, c_float_complex, &
                c_double_complex, kblasf_int
      type(c_ptr), value :: handle
      character(kind=c_char), value :: trans
      integer(kblasf_int), value :: m
      integer(kblasf_int), value :: n
      real(c_double), intent(in) :: alpha
      type(c_ptr), value :: A
      integer(kblasf_int), value :: lda
      type(c_ptr), value :: x
      integer(kblasf_int), value :: incx
      real(c_double), intent(in) :: beta
      type(c_ptr), value :: y
      integer(kblasf_int), value :: incy
      integer(kblasf_int), value :: offr
      integer(kblasf_int), value :: offc
    end function kblasf_c_dgemv_offset

    integer(c_int) function kblasf_c_dsymv(handle, uplo, n, alpha, A, lda, x, incx, beta, y, incy) &
         bind(C, name="kblasf_dsymv")
      import :: c_int, c_ptr, c_char, c_float, c_double, c_float_complex, &
                c_double_complex, kblasf_int
      type(c_ptr), value :: handle
      character(kind=c_char), value :: uplo
      integer(kblasf_int), value :: n
      real(c_double), intent(in) :: alpha
      type(c_ptr), value :: A
      integer(kblasf_int), value :: lda
      type(c_ptr), value :: x
      integer(kblasf_int), value :: incx
      real(c_double), intent(in) :: beta
      type(c_ptr), value :: y
      integer(kblasf_int), value :: incy
    end function kblasf_c_dsymv

    integer(c_int) function kblasf_c_dsymv_offset(handle, uplo, n, alpha, A, lda, x, incx, beta, y, incy, &
         off) &
         bind(C, name="kblasf_dsymv_offset")
      import :: c_int, c_ptr, c_char, c_float, c_double, c_float_complex, &
                c_double_complex, kblasf_int
      type(c_ptr), value :: handle
      character(kind=c_char), value :: uplo
      integer(kblasf_int), value :: n
      real(c_double), intent(in) :: alpha
      type(c_ptr), value :: A
      integer(kblasf_int), value :: lda
      type(c_ptr), value :: x
      integer(kblasf_int), value :: incx
      real(c_double), intent(in) :: beta
      type(c_ptr), value :: y
      integer(kblasf_int), value :: incy
      integer(kblasf_int), value :: off
    end function kblasf_c_dsymv_offset

    integer(c_int) function kblasf_c_cgemv(handle, trans, m, n, alpha, A, lda, x, incx, beta, y, incy) &
         bind(C, name="kblasf_cgemv")
      import :: c_int, c_ptr, c_char, c_float, c_double, c_float_complex, &
                c_double_complex, kblasf_int
      type(c_ptr), value :: handle
      character(kind=c_char), value :: trans
      integer(kblasf_int), value :: m
      integer(kblasf_int), value :: n
      complex(c_float_complex), intent(in) :: alpha
      type(c_ptr), value :: A
      integer(kblasf_int), value :: lda
      type(c_ptr), value :: x
      integer(kblasf_int), value :: incx
      complex(c_float_complex), intent(in) :: beta
      type(c_ptr), value :: y
      integer(kblasf_int), value :: incy
    end function kblasf_c_cgemv

    integer(c_int) function kblasf_c_cgemv_offset(handle, trans, m, n, alpha, A, lda, x, incx, beta, y, incy, &
         offr, offc) &
         bind(C, name="kblasf_cgemv_offset")
      import :: c_int, c_ptr, c_char, c_float, c_double, c_float_complex, &
                c_double_complex, kblasf_int
      type(c_ptr), value :: handle
      character(kind=c_char), value :: trans
      integer(kblasf_int), value :: m
      integer(kblasf_int), value :: n
      complex(c_float_complex), intent(in) :: alpha
      type(c_ptr), value :: A
      integer(kblasf_int), value :: lda
      type(c_ptr), value :: x
      integer(kblasf_int), value :: incx
      complex(c_float_complex), intent(in) :: beta
      type(c_ptr), value :: y
      integer(kblasf_int), value :: incy
      integer(kblasf_int), value :: offr
      integer(kblasf_int), value :: offc
    end function kblasf_c_cgemv_offset

    integer(c_int) function kblasf_c_chemv(handle, uplo, n, alpha, A, lda, x, incx, beta, y, incy) &
         bind(C, name="kblasf_chemv")
      import :: c_int, c_ptr, c_char, c_float, c_double, c_float_complex, &
                c_double_complex, kblasf_int
      type(c_ptr), value :: handle
      character(kind=c_char), value :: uplo
      integer(kblasf_int), value :: n
      complex(c_float_complex), intent(in) :: alpha
      type(c_ptr), value :: A
      integer(kblasf_int), value :: lda
      type(c_ptr), value :: x
      integer(kblasf_int), value :: incx
      complex(c_float_complex), intent(in) :: beta
      type(c_ptr), value :: y
      integer(kblasf_int), value :: incy
    end function kblasf_c_chemv

    integer(c_int) function kblasf_c_chemv_offset(handle, uplo, n, alpha, A, lda, x, incx, beta, y, incy, &
         off) &
         bind(C, name="kblasf_chemv_offset")
      import :: c_int, c_ptr, c_char, c_float, c_double, c_float_complex, &
                c_double_complex, kblasf_int
      type(c_ptr), value :: handle
      character(kind=c_char), value :: uplo
      integer(kblasf_int), value :: n
      complex(c_float_complex), intent(in) :: alpha
      type(c_ptr), value :: A
      integer(kblasf_int), value :: lda
      type(c_ptr), value :: x
      integer(kblasf_int), value :: incx
      complex(c_float_complex), intent(in) :: beta
      type(c_ptr), value :: y
      integer(kblasf_int), value :: incy
      integer(kblasf_int), value :: off
    end function kblasf_c_chemv_offset

    integer(c_int) function kblasf_c_zgemv(handle, trans, m, n, alpha, A, lda, x, incx, beta, y, incy) &
         bind(C, name="kblasf_zgemv")
      import :: c_int, c_ptr, c_char, c_float, c_double, c_float_complex, &
                c_double_complex, kblasf_int
      type(c_ptr), value :: handle
      character(kind=c_char), value :: trans
      integer(kblasf_int), value :: m
      integer(kblasf_int), value :: n
      complex(c_double_complex), intent(in) :: alpha
      type(c_ptr), value :: A
      integer(kblasf_int), value :: lda
      type(c_ptr), value :: x
      integer(kblasf_int), value :: incx
      complex(c_double_complex), intent(in) :: beta
      type(c_ptr), value :: y
      integer(kblasf_int), value :: incy
    end function kblasf_c_zgemv

    integer(c_int) function kblasf_c_zgemv_offset(handle, trans, m, n, alpha, A, lda, x, incx, beta, y, incy, &
         offr, offc) &
         bind(C, name="kblasf_zgemv_offset")
      import :: c_int, c_ptr, c_char, c_float, c_double, c_float_complex, &
                c_double_complex, kblasf_int
      type(c_ptr), value :: handle
      character(kind=c_char), value :: trans
      integer(kblasf_int), value :: m
      integer(kblasf_int), value :: n
      complex(c_double_complex), intent(in) :: alpha
      type(c_ptr), value :: A
      integer(kblasf_int), value :: lda
      type(c_ptr), value :: x
      integer(kblasf_int), value :: incx
      complex(c_double_complex), intent(in) :: beta
      type(c_ptr), value :: y
      integer(kblasf_int), value :: incy
      integer(kblasf_int), value :: offr
      integer(kblasf_int), value :: offc
    end function kblasf_c_zgemv_offset

    integer(c_int) function kblasf_c_zhemv(handle, uplo, n, alpha, A, lda, x, incx, beta, y, incy) &
         bind(C, name="kblasf_zhemv")
      import :: c_int, c_ptr, c_char, c_float, c_double, c_float_complex, &
                c_double_complex, kblasf_int
      type(c_ptr), value :: handle
      character(kind=c_char), value :: uplo
      integer(kblasf_int), value :: n
      complex(c_double_complex), intent(in) :: alpha
      type(c_ptr), value :: A
      integer(kblasf_int), value :: lda
      type(c_ptr), value :: x
      integer(kblasf_int), value :: incx
      complex(c_double_complex), intent(in) :: beta
      type(c_ptr), value :: y
      integer(kblasf_int), value :: incy
    end function kblasf_c_zhemv

    integer(c_int) function kblasf_c_zhemv_offset(handle, uplo, n, alpha, A, lda, x, incx, beta, y, incy, &
         off) &
         bind(C, name="kblasf_zhemv_offset")
      import :: c_int, c_ptr, c_char, c_float, c_double, c_float_complex, &
                c_double_complex, kblasf_int
      type(c_ptr), value :: handle
      character(kind=c_char), value :: uplo
      integer(kblasf_int), value :: n
      complex(c_double_complex), intent(in) :: alpha
      type(c_ptr), value :: A
      integer(kblasf_int), value :: lda
      type(c_ptr), value :: x
      integer(kblasf_int), value :: incx
      complex(c_double_complex), intent(in) :: beta
      type(c_ptr), value :: y
      integer(kblasf_int), value :: incy
      integer(kblasf_int), value :: off
    end function kblasf_c_zhemv_offset

    integer(c_int) function kblasf_c_strmm(handle, side, uplo, transa, diag, m, n, alpha, A, lda, B, &
         ldb) &
         bind(C, name="kblasf_strmm")
      import :: c_int, c_ptr, c_char, c_float, c_double, c_float_complex, &
                c_double_complex, kblasf_int
      type(c_ptr), value :: handle
      character(kind=c_char), value :: side
      character(kind=c_char), value :: uplo
      character(kind=c_char), value :: transa
      character(kind=c_char), value :: diag
      integer(kblasf_int), value :: m
      integer(kblasf_int), value :: n
      real(c_float), intent(in) :: alpha
      type(c_ptr), value :: A
      integer(kblasf_int), value :: lda
      type(c_ptr), value :: B
      integer(kblasf_int), value :: ldb
    end function kblasf_c_strmm

    integer(c_int) function kblasf_c_strsm(handle, side, uplo, transa, diag, m, n, alpha, A, lda, B, &
         ldb) &
         bind(C, name="kblasf_strsm")
      import :: c_int, c_ptr, c_char, c_float, c_double, c_float_complex, &
                c_double_complex, kblasf_int
      type(c_ptr), value :: handle
      character(kind=c_char), value :: side
      character(kind=c_char), value :: uplo
      character(kind=c_char), value :: transa
      character(kind=c_char), value :: diag
      integer(kblasf_int), value :: m
      integer(kblasf_int), value :: n
      real(c_float), intent(in) :: alpha
      type(c_ptr), value :: A
      integer(kblasf_int), value :: lda
      type(c_ptr), value :: B
      integer(kblasf_int), value :: ldb
    end function kblasf_c_strsm

    integer(c_int) function kblasf_c_dtrmm(handle, side, uplo, transa, diag, m, n, alpha, A, lda, B, &
         ldb) &
         bind(C, name="kblasf_dtrmm")
      import :: c_int, c_ptr, c_char, c_float, c_double, c_float_complex, &
                c_double_complex, kblasf_int
      type(c_ptr), value :: handle
      character(kind=c_char), value :: side
      character(kind=c_char), value :: uplo
      character(kind=c_char), value :: transa
      character(kind=c_char), value :: diag
      integer(kblasf_int), value :: m
      integer(kblasf_int), value :: n
      real(c_double), intent(in) :: alpha
      type(c_ptr), value :: A
      integer(kblasf_int), value :: lda
      type(c_ptr), value :: B
      integer(kblasf_int), value :: ldb
    end function kblasf_c_dtrmm

    integer(c_int) function kblasf_c_dtrsm(handle, side, uplo, transa, diag, m, n, alpha, A, lda, B, &
         ldb) &
         bind(C, name="kblasf_dtrsm")
      import :: c_int, c_ptr, c_char, c_float, c_double, c_float_complex, &
                c_double_complex, kblasf_int
      type(c_ptr), value :: handle
      character(kind=c_char), value :: side
      character(kind=c_char), value :: uplo
      character(kind=c_char), value :: transa
      character(kind=c_char), value :: diag
      integer(kblasf_int), value :: m
      integer(kblasf_int), value :: n
      real(c_double), intent(in) :: alpha
      type(c_ptr), value :: A
      integer(kblasf_int), value :: lda
      type(c_ptr), value :: B
      integer(kblasf_int), value :: ldb
    end function kblasf_c_dtrsm

    integer(c_int) function kblasf_c_ctrmm(handle, side, uplo, transa, diag, m, n, alpha, A, lda, B, &
         ldb) &
         bind(C, name="kblasf_ctrmm")
      import :: c_int, c_ptr, c_char, c_float, c_double, c_float_complex, &
                c_double_complex, kblasf_int
      type(c_ptr), value :: handle
      character(kind=c_char), value :: side
      character(kind=c_char), value :: uplo
      character(kind=c_char), value :: transa
      character(kind=c_char), value :: diag
      integer(kblasf_int), value :: m
      integer(kblasf_int), value :: n
      complex(c_float_complex), intent(in) :: alpha
      type(c_ptr), value :: A
      integer(kblasf_int), value :: lda
      type(c_ptr), value :: B
      integer(kblasf_int), value :: ldb
    end function kblasf_c_ctrmm

    integer(c_int) function kblasf_c_ctrsm(handle, side, uplo, transa, diag, m, n, alpha, A, lda, B, &
         ldb) &
         bind(C, name="kblasf_ctrsm")
      import :: c_int, c_ptr, c_char, c_float, c_double, c_float_complex, &
                c_double_complex, kblasf_int
      type(c_ptr), value :: handle
      character(kind=c_char), value :: side
      character(kind=c_char), value :: uplo
      character(kind=c_char), value :: transa
      character(kind=c_char), value :: diag
      integer(kblasf_int), value :: m
      integer(kblasf_int), value :: n
      complex(c_float_complex), intent(in) :: alpha
      type(c_ptr), value :: A
      integer(kblasf_int), value :: lda
      type(c_ptr), value :: B
      integer(kblasf_int), value :: ldb
    end function kblasf_c_ctrsm

    integer(c_int) function kblasf_c_ztrmm(handle, side, uplo, transa, diag, m, n, alpha, A, lda, B, &
         ldb) &
         bind(C, name="kblasf_ztrmm")
      import :: c_int, c_ptr, c_char, c_float, c_double, c_float_complex, &
                c_double_complex, kblasf_int
      type(c_ptr), value :: handle
      character(kind=c_char), value :: side
      character(kind=c_char), value :: uplo
      character(kind=c_char), value :: transa
      character(kind=c_char), value :: diag
      integer(kblasf_int), value :: m
      integer(kblasf_int), value :: n
      complex(c_double_complex), intent(in) :: alpha
      type(c_ptr), value :: A
      integer(kblasf_int), value :: lda
      type(c_ptr), value :: B
      integer(kblasf_int), value :: ldb
    end function kblasf_c_ztrmm

    integer(c_int) function kblasf_c_ztrsm(handle, side, uplo, transa, diag, m, n, alpha, A, lda, B, &
         ldb) &
         bind(C, name="kblasf_ztrsm")
      import :: c_int, c_ptr, c_char, c_float, c_double, c_float_complex, &
                c_double_complex, kblasf_int
      type(c_ptr), value :: handle
      character(kind=c_char), value :: side
      character(kind=c_char), value :: uplo
      character(kind=c_char), value :: transa
      character(kind=c_char), value :: diag
      integer(kblasf_int), value :: m
      integer(kblasf_int), value :: n
      complex(c_double_complex), intent(in) :: alpha
      type(c_ptr), value :: A
      integer(kblasf_int), value :: lda
      type(c_ptr), value :: B
      integer(kblasf_int), value :: ldb
    end function kblasf_c_ztrsm

  end interface

contains

  integer(c_int) function kblasf_sgemv(handle, trans, m, n, alpha, A, lda, x, incx, beta, y, incy)
    type(c_ptr), value :: handle
    character(len=1), intent(in) :: trans
    integer(kblasf_int), intent(in) :: m
    integer(kblasf_int), intent(in) :: n
    real(c_float), intent(in) :: alpha
    type(c_ptr), value :: A
    integer(kblasf_int), intent(in) :: lda
    type(c_ptr), value :: x
    integer(kblasf_int), intent(in) :: incx
    real(c_float), intent(in) :: beta
    type(c_ptr), value :: y
    integer(kblasf_int), intent(in) :: incy
    character(kind=c_char) :: c_trans
    c_trans = trans
    kblasf_sgemv = kblasf_c_sgemv(handle, c_trans, m, n, alpha, A, lda, x, incx, beta, y, &
         incy)
  end function kblasf_sgemv

  integer(c_int) function kblasf_sgemv_offset(handle, trans, m, n, alpha, A, lda, x, incx, beta, y, incy, &
         offr, offc)
    type(c_ptr), value :: handle
    character(len=1), intent(in) :: trans
    integer(kblasf_int), intent(in) :: m
    integer(kblasf_int), intent(in) :: n
    real(c_float), intent(in) :: alpha
    type(c_ptr), value :: A
    integer(kblasf_int), intent(in) :: lda
    type(c_ptr), value :: x
    integer(kblasf_int), intent(in) :: incx
    real(c_float), intent(in) :: beta
    type(c_ptr), value :: y
    integer(kblasf_int), intent(in) :: incy
    integer(kblasf_int), intent(in) :: offr
    integer(kblasf_int), intent(in) :: offc
    character(kind=c_char) :: c_trans
    c_trans = trans
    kblasf_sgemv_offset = kblasf_c_sgemv_offset(handle, c_trans, m, n, alpha, A, lda, x, incx, beta, y, &
         incy, offr, offc)
  end function kblasf_sgemv_offset

  integer(c_int) function kblasf_ssymv(handle, uplo, n, alpha, A, lda, x, incx, beta, y, incy)
    type(c_ptr), value :: handle
    character(len=1), intent(in) :: uplo
    integer(kblasf_int), intent(in) :: n
    real(c_float), intent(in) :: alpha
    type(c_ptr), value :: A
    integer(kblasf_int), intent(in) :: lda
    type(c_ptr), value :: x
    integer(kblasf_int), intent(in) :: incx
    real(c_float), intent(in) :: beta
    type(c_ptr), value :: y
    integer(kblasf_int), intent(in) :: incy
    character(kind=c_char) :: c_uplo
    c_uplo = uplo
    kblasf_ssymv = kblasf_c_ssymv(handle, c_uplo, n, alpha, A, lda, x, incx, beta, y, incy)
  end function kblasf_ssymv

  integer(c_int) function kblasf_ssymv_offset(handle, uplo, n, alpha, A, lda, x, incx, beta, y, incy, &
         off)
    type(c_ptr), value :: handle
    character(len=1), intent(in) :: uplo
    integer(kblasf_int), intent(in) :: n
    real(c_float), intent(in) :: alpha
    type(c_ptr), value :: A
    integer(kblasf_int), intent(in) :: lda
    type(c_ptr), value :: x
    integer(kblasf_int), intent(in) :: incx
    real(c_float), intent(in) :: beta
    type(c_ptr), value :: y
    integer(kblasf_int), intent(in) :: incy
    integer(kblasf_int), intent(in) :: off
    character(kind=c_char) :: c_uplo
    c_uplo = uplo
    kblasf_ssymv_offset = kblasf_c_ssymv_offset(handle, c_uplo, n, alpha, A, lda, x, incx, beta, y, incy, &
         off)
  end function kblasf_ssymv_offset

  integer(c_int) function kblasf_dgemv(handle, trans, m, n, alpha, A, lda, x, incx, beta, y, incy)
    type(c_ptr), value :: handle
    character(len=1), intent(in) :: trans
    integer(kblasf_int), intent(in) :: m
    integer(kblasf_int), intent(in) :: n
    real(c_double), intent(in) :: alpha
    type(c_ptr), value :: A
    integer(kblasf_int), intent(in) :: lda
    type(c_ptr), value :: x
    integer(kblasf_int), intent(in) :: incx
    real(c_double), intent(in) :: beta
    type(c_ptr), value :: y
    integer(kblasf_int), intent(in) :: incy
    character(kind=c_char) :: c_trans
    c_trans = trans
    kblasf_dgemv = kblasf_c_dgemv(handle, c_trans, m, n, alpha, A, lda, x, incx, beta, y, &
         incy)
  end function kblasf_dgemv

  integer(c_int) function kblasf_dgemv_offset(handle, trans, m, n, alpha, A, lda, x, incx, beta, y, incy, &
         offr, offc)
    type(c_ptr), value :: handle
    character(len=1), intent(in) :: trans
    integer(kblasf_int), intent(in) :: m
    integer(kblasf_int), intent(in) :: n
    real(c_double), intent(in) :: alpha
    type(c_ptr), value :: A
    integer(kblasf_int), intent(in) :: lda
    type(c_ptr), value :: x
    integer(kblasf_int), intent(in) :: incx
    real(c_double), intent(in) :: beta
    type(c_ptr), value :: y
    integer(kblasf_int), intent(in) :: incy
    integer(kblasf_int), intent(in) :: offr
    integer(kblasf_int), intent(in) :: offc
    character(kind=c_char) :: c_trans
    c_trans = trans
    kblasf_dgemv_offset = kblasf_c_dgemv_offset(handle, c_trans, m, n, alpha, A, lda, x, incx, beta, y, &
         incy, offr, offc)
  end function kblasf_dgemv_offset

  integer(c_int) function kblasf_dsymv(handle, uplo, n, alpha, A, lda, x, incx, beta, y, incy)
    type(c_ptr), value :: handle
    character(len=1), intent(in) :: uplo
    integer(kblasf_int), intent(in) :: n
    real(c_double), intent(in) :: alpha
    type(c_ptr), value :: A
    integer(kblasf_int), intent(in) :: lda
    type(c_ptr), value :: x
    integer(kblasf_int), intent(in) :: incx
    real(c_double), intent(in) :: beta
    type(c_ptr), value :: y
    integer(kblasf_int), intent(in) :: incy
    character(kind=c_char) :: c_uplo
    c_uplo = uplo
    kblasf_dsymv = kblasf_c_dsymv(handle, c_uplo, n, alpha, A, lda, x, incx, beta, y, incy)
  end function kblasf_dsymv

  integer(c_int) function kblasf_dsymv_offset(handle, uplo, n, alpha, A, lda, x, incx, beta, y, incy, &
         off)
    type(c_ptr), value :: handle
    character(len=1), intent(in) :: uplo
    integer(kblasf_int), intent(in) :: n
    real(c_double), intent(in) :: alpha
    type(c_ptr), value :: A
    integer(kblasf_int), intent(in) :: lda
    type(c_ptr), value :: x
    integer(kblasf_int), intent(in) :: incx
    real(c_double), intent(in) :: beta
    type(c_ptr), value :: y
    integer(kblasf_int), intent(in) :: incy
    integer(kblasf_int), intent(in) :: off
    character(kind=c_char) :: c_uplo
    c_uplo = uplo
    kblasf_dsymv_offset = kblasf_c_dsymv_offset(handle, c_uplo, n, alpha, A, lda, x, incx, beta, y, incy, &
         off)
  end function kblasf_dsymv_offset

  integer(c_int) function kblasf_cgemv(handle, trans, m, n, alpha, A, lda, x, incx, beta, y, incy)
    type(c_ptr), value :: handle
    character(len=1), intent(in) :: trans
    integer(kblasf_int), intent(in) :: m
    integer(kblasf_int), intent(in) :: n
    complex(c_float_complex), intent(in) :: alpha
    type(c_ptr), value :: A
    integer(kblasf_int), intent(in) :: lda
    type(c_ptr), value :: x
    integer(kblasf_int), intent(in) :: incx
    complex(c_float_complex), intent(in) :: beta
    type(c_ptr), value :: y
    integer(kblasf_int), intent(in) :: incy
    character(kind=c_char) :: c_trans
    c_trans = trans
    kblasf_cgemv = kblasf_c_cgemv(handle, c_trans, m, n, alpha, A, lda, x, incx, beta, y, &
         incy)
  end function kblasf_cgemv

  integer(c_int) function kblasf_cgemv_offset(handle, trans, m, n, alpha, A, lda, x, incx, beta, y, incy, &
         offr, offc)
    type(c_ptr), value :: handle
    character(len=1), intent(in) :: trans
    integer(kblasf_int), intent(in) :: m
    integer(kblasf_int), intent(in) :: n
    complex(c_float_complex), intent(in) :: alpha
    type(c_ptr), value :: A
    integer(kblasf_int), intent(in) :: lda
    type(c_ptr), value :: x
    integer(kblasf_int), intent(in) :: incx
    complex(c_float_complex), intent(in) :: beta
    type(c_ptr), value :: y
    integer(kblasf_int), intent(in) :: incy
    integer(kblasf_int), intent(in) :: offr
    integer(kblasf_int), intent(in) :: offc
    character(kind=c_char) :: c_trans
    c_trans = trans
    kblasf_cgemv_offset = kblasf_c_cgemv_offset(handle, c_trans, m, n, alpha, A, lda, x, incx, beta, y, &
         incy, offr, offc)
  end function kblasf_cgemv_offset

  integer(c_int) function kblasf_chemv(handle, uplo, n, alpha, A, lda, x, incx, beta, y, incy)
    type(c_ptr), value :: handle
    character(len=1), intent(in) :: uplo
    integer(kblasf_int), intent(in) :: n
    complex(c_float_complex), intent(in) :: alpha
    type(c_ptr), value :: A
    integer(kblasf_int), intent(in) :: lda
    type(c_ptr), value :: x
    integer(kblasf_int), intent(in) :: incx
    complex(c_float_complex), intent(in) :: beta
    type(c_ptr), value :: y
    integer(kblasf_int), intent(in) :: incy
    character(kind=c_char) :: c_uplo
    c_uplo = uplo
    kblasf_chemv = kblasf_c_chemv(handle, c_uplo, n, alpha, A, lda, x, incx, beta, y, incy)
  end function kblasf_chemv

  integer(c_int) function kblasf_chemv_offset(handle, uplo, n, alpha, A, lda, x, incx, beta, y, incy, &
         off)
    type(c_ptr), value :: handle
    character(len=1), intent(in) :: uplo
    integer(kblasf_int), intent(in) :: n
    complex(c_float_complex), intent(in) :: alpha
    type(c_ptr), value :: A
    integer(kblasf_int), intent(in) :: lda
    type(c_ptr), value :: x
    integer(kblasf_int), intent(in) :: incx
    complex(c_float_complex), intent(in) :: beta
    type(c_ptr), value :: y
    integer(kblasf_int), intent(in) :: incy
    integer(kblasf_int), intent(in) :: off
    character(kind=c_char) :: c_uplo
    c_uplo = uplo
    kblasf_chemv_offset = kblasf_c_chemv_offset(handle, c_uplo, n, alpha, A, lda, x, incx, beta, y, incy, &
         off)
  end function kblasf_chemv_offset

  integer(c_int) function kblasf_zgemv(handle, trans, m, n, alpha, A, lda, x, incx, beta, y, incy)
    type(c_ptr), value :: handle
    character(len=1), intent(in) :: trans
    integer(kblasf_int), intent(in) :: m
    integer(kblasf_int), intent(in) :: n
    complex(c_double_complex), intent(in) :: alpha
    type(c_ptr), value :: A
    integer(kblasf_int), intent(in) :: lda
    type(c_ptr), value :: x
    integer(kblasf_int), intent(in) :: incx
    complex(c_double_complex), intent(in) :: beta
    type(c_ptr), value :: y
    integer(kblasf_int), intent(in) :: incy
    character(kind=c_char) :: c_trans
    c_trans = trans
    kblasf_zgemv = kblasf_c_zgemv(handle, c_trans, m, n, alpha, A, lda, x, incx, beta, y, &
         incy)
  end function kblasf_zgemv

  integer(c_int) function kblasf_zgemv_offset(handle, trans, m, n, alpha, A, lda, x, incx, beta, y, incy, &
         offr, offc)
    type(c_ptr), value :: handle
    character(len=1), intent(in) :: trans
    integer(kblasf_int), intent(in) :: m
    integer(kblasf_int), intent(in) :: n
    complex(c_double_complex), intent(in) :: alpha
    type(c_ptr), value :: A
    integer(kblasf_int), intent(in) :: lda
    type(c_ptr), value :: x
    integer(kblasf_int), intent(in) :: incx
    complex(c_double_complex), intent(in) :: beta
    type(c_ptr), value :: y
    integer(kblasf_int), intent(in) :: incy
    integer(kblasf_int), intent(in) :: offr
    integer(kblasf_int), intent(in) :: offc
    character(kind=c_char) :: c_trans
    c_trans = trans
    kblasf_zgemv_offset = kblasf_c_zgemv_offset(handle, c_trans, m, n, alpha, A, lda, x, incx, beta, y, &
         incy, offr, offc)
  end function kblasf_zgemv_offset

  integer(c_int) function kblasf_zhemv(handle, uplo, n, alpha, A, lda, x, incx, beta, y, incy)
    type(c_ptr), value :: handle
    character(len=1), intent(in) :: uplo
    integer(kblasf_int), intent(in) :: n
    complex(c_double_complex), intent(in) :: alpha
    type(c_ptr), value :: A
    integer(kblasf_int), intent(in) :: lda
    type(c_ptr), value :: x
    integer(kblasf_int), intent(in) :: incx
    complex(c_double_complex), intent(in) :: beta
    type(c_ptr), value :: y
    integer(kblasf_int), intent(in) :: incy
    character(kind=c_char) :: c_uplo
    c_uplo = uplo
    kblasf_zhemv = kblasf_c_zhemv(handle, c_uplo, n, alpha, A, lda, x, incx, beta, y, incy)
  end function kblasf_zhemv

  integer(c_int) function kblasf_zhemv_offset(handle, uplo, n, alpha, A, lda, x, incx, beta, y, incy, &
         off)
    type(c_ptr), value :: handle
    character(len=1), intent(in) :: uplo
    integer(kblasf_int), intent(in) :: n
    complex(c_double_complex), intent(in) :: alpha
    type(c_ptr), value :: A
    integer(kblasf_int), intent(in) :: lda
    type(c_ptr), value :: x
    integer(kblasf_int), intent(in) :: incx
    complex(c_double_complex), intent(in) :: beta
    type(c_ptr), value :: y
    integer(kblasf_int), intent(in) :: incy
    integer(kblasf_int), intent(in) :: off
    character(kind=c_char) :: c_uplo
    c_uplo = uplo
    kblasf_zhemv_offset = kblasf_c_zhemv_offset(handle, c_uplo, n, alpha, A, lda, x, incx, beta, y, incy, &
         off)
  end function kblasf_zhemv_offset

  integer(c_int) function kblasf_strmm(handle, side, uplo, transa, diag, m, n, alpha, A, lda, B, &
         ldb)
    type(c_ptr), value :: handle
    character(len=1), intent(in) :: side
    character(len=1), intent(in) :: uplo
    character(len=1), intent(in) :: transa
    character(len=1), intent(in) :: diag
    integer(kblasf_int), intent(in) :: m
    integer(kblasf_int), intent(in) :: n
    real(c_float), intent(in) :: alpha
    type(c_ptr), value :: A
    integer(kblasf_int), intent(in) :: lda
    type(c_ptr), value :: B
    integer(kblasf_int), intent(in) :: ldb
    character(kind=c_char) :: c_side
    character(kind=c_char) :: c_uplo
    character(kind=c_char) :: c_transa
    character(kind=c_char) :: c_diag
    c_side = side
    c_uplo = uplo
    c_transa = transa
    c_diag = diag
    kblasf_strmm = kblasf_c_strmm(handle, c_side, c_uplo, c_transa, c_diag, m, n, alpha, A, &
         lda, B, ldb)
  end function kblasf_strmm

  integer(c_int) function kblasf_strsm(handle, side, uplo, transa, diag, m, n, alpha, A, lda, B, &
         ldb)
    type(c_ptr), value :: handle
    character(len=1), intent(in) :: side
    character(len=1), intent(in) :: uplo
    character(len=1), intent(in) :: transa
    character(len=1), intent(in) :: diag
    integer(kblasf_int), intent(in) :: m
    integer(kblasf_int), intent(in) :: n
    real(c_float), intent(in) :: alpha
    type(c_ptr), value :: A
    integer(kblasf_int), intent(in) :: lda
    type(c_ptr), value :: B
    integer(kblasf_int), intent(in) :: ldb
    character(kind=c_char) :: c_side
    character(kind=c_char) :: c_uplo
    character(kind=c_char) :: c_transa
    character(kind=c_char) :: c_diag
    c_side = side
    c_uplo = uplo
    c_transa = transa
    c_diag = diag
    kblasf_strsm = kblasf_c_strsm(handle, c_side, c_uplo, c_transa, c_diag, m, n, alpha, A, &
         lda, B, ldb)
  end function kblasf_strsm

  integer(c_int) function kblasf_dtrmm(handle, side, uplo, transa, diag, m, n, alpha, A, lda, B, &
         ldb)
    type(c_ptr), value :: handle
    character(len=1), intent(in) :: side
    character(len=1), intent(in) :: uplo
    character(len=1), intent(in) :: transa
    character(len=1), intent(in) :: diag
    integer(kblasf_int), intent(in) :: m
    integer(kblasf_int), intent(in) :: n
    real(c_double), intent(in) :: alpha
    type(c_ptr), value :: A
    integer(kblasf_int), intent(in) :: lda
    type(c_ptr), value :: B
    integer(kblasf_int), intent(in) :: ldb
    character(kind=c_char) :: c_side
    character(kind=c_char) :: c_uplo
    character(kind=c_char) :: c_transa
    character(kind=c_char) :: c_diag
    c_side = side
    c_uplo = uplo
    c_transa = transa
    c_diag = diag
    kblasf_dtrmm = kblasf_c_dtrmm(handle, c_side, c_uplo, c_transa, c_diag, m, n, alpha, A, &
         lda, B, ldb)
  end function kblasf_dtrmm

  integer(c_int) function kblasf_dtrsm(handle, side, uplo, transa, diag, m, n, alpha, A, lda, B, &
         ldb)
    type(c_ptr), value :: handle
    character(len=1), intent(in) :: side
    character(len=1), intent(in) :: uplo
    character(len=1), intent(in) :: transa
    character(len=1), intent(in) :: diag
    integer(kblasf_int), intent(in) :: m
    integer(kblasf_int), intent(in) :: n
    real(c_double), intent(in) :: alpha
    type(c_ptr), value :: A
    integer(kblasf_int), intent(in) :: lda
    type(c_ptr), value :: B
    integer(kblasf_int), intent(in) :: ldb
    character(kind=c_char) :: c_side
    character(kind=c_char) :: c_uplo
    character(kind=c_char) :: c_transa
    character(kind=c_char) :: c_diag
    c_side = side
    c_uplo = uplo
    c_transa = transa
    c_diag = diag
    kblasf_dtrsm = kblasf_c_dtrsm(handle, c_side, c_uplo, c_transa, c_diag, m, n, alpha, A, &
         lda, B, ldb)
  end function kblasf_dtrsm

  integer(c_int) function kblasf_ctrmm(handle, side, uplo, transa, diag, m, n, alpha, A, lda, B, &
         ldb)
    type(c_ptr), value :: handle
    character(len=1), intent(in) :: side
    character(len=1), intent(in) :: uplo
    character(len=1), intent(in) :: transa
    character(len=1), intent(in) :: diag
    integer(kblasf_int), intent(in) :: m
    integer(kblasf_int), intent(in) :: n
    complex(c_float_complex), intent(in) :: alpha
    type(c_ptr), value :: A
    integer(kblasf_int), intent(in) :: lda
    type(c_ptr), value :: B
    integer(kblasf_int), intent(in) :: ldb
    character(kind=c_char) :: c_side
    character(kind=c_char) :: c_uplo
    character(kind=c_char) :: c_transa
    character(kind=c_char) :: c_diag
    c_side = side
    c_uplo = uplo
    c_transa = transa
    c_diag = diag
    kblasf_ctrmm = kblasf_c_ctrmm(handle, c_side, c_uplo, c_transa, c_diag, m, n, alpha, A, &
         lda, B, ldb)
  end function kblasf_ctrmm

  integer(c_int) function kblasf_ctrsm(handle, side, uplo, transa, diag, m, n, alpha, A, lda, B, &
         ldb)
    type(c_ptr), value :: handle
    character(len=1), intent(in) :: side
    character(len=1), intent(in) :: uplo
    character(len=1), intent(in) :: transa
    character(len=1), intent(in) :: diag
    integer(kblasf_int), intent(in) :: m
    integer(kblasf_int), intent(in) :: n
    complex(c_float_complex), intent(in) :: alpha
    type(c_ptr), value :: A
    integer(kblasf_int), intent(in) :: lda
    type(c_ptr), value :: B
    integer(kblasf_int), intent(in) :: ldb
    character(kind=c_char) :: c_side
    character(kind=c_char) :: c_uplo
    character(kind=c_char) :: c_transa
    character(kind=c_char) :: c_diag
    c_side = side
    c_uplo = uplo
    c_transa = transa
    c_diag = diag
    kblasf_ctrsm = kblasf_c_ctrsm(handle, c_side, c_uplo, c_transa, c_diag, m, n, alpha, A, &
         lda, B, ldb)
  end function kblasf_ctrsm

  integer(c_int) function kblasf_ztrmm(handle, side, uplo, transa, diag, m, n, alpha, A, lda, B, &
         ldb)
    type(c_ptr), value :: handle
    character(len=1), intent(in) :: side
    character(len=1), intent(in) :: uplo
    character(len=1), intent(in) :: transa
    character(len=1), intent(in) :: diag
    integer(kblasf_int), intent(in) :: m
    integer(kblasf_int), intent(in) :: n
    complex(c_double_complex), intent(in) :: alpha
    type(c_ptr), value :: A
    integer(kblasf_int), intent(in) :: lda
    type(c_ptr), value :: B
    integer(kblasf_int), intent(in) :: ldb
    character(kind=c_char) :: c_side
    character(kind=c_char) :: c_uplo
    character(kind=c_char) :: c_transa
    character(kind=c_char) :: c_diag
    c_side = side
    c_uplo = uplo
    c_transa = transa
    c_diag = diag
    kblasf_ztrmm = kblasf_c_ztrmm(handle, c_side, c_uplo, c_transa, c_diag, m, n, alpha, A, &
         lda, B, ldb)
  end function kblasf_ztrmm

  integer(c_int) function kblasf_ztrsm(handle, side, uplo, transa, diag, m, n, alpha, A, lda, B, &
         ldb)
    type(c_ptr), value :: handle
    character(len=1), intent(in) :: side
    character(len=1), intent(in) :: uplo
    character(len=1), intent(in) :: transa
    character(len=1), intent(in) :: diag
    integer(kblasf_int), intent(in) :: m
    integer(kblasf_int), intent(in) :: n
    complex(c_double_complex), intent(in) :: alpha
    type(c_ptr), value :: A
    integer(kblasf_int), intent(in) :: lda
    type(c_ptr), value :: B
    integer(kblasf_int), intent(in) :: ldb
    character(kind=c_char) :: c_side
    character(kind=c_char) :: c_uplo
    character(kind=c_char) :: c_transa
    character(kind=c_char) :: c_diag
    c_side = side
    c_uplo = uplo
    c_transa = transa
    c_diag = diag
    kblasf_ztrsm = kblasf_c_ztrsm(handle, c_side, c_uplo, c_transa, c_diag, m, n, alpha, A, &
         lda, B, ldb)
  end function kblasf_ztrsm

end module kblasf
