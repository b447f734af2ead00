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
