#!/usr/bin/env python3
"""Writes the generated parts of the Fortran module (kblasf_bindings.inc and
kblasf_wrappers.inc, included by fortran/kblasf.f90) from the tables below.

Run it after adding a routine to the C API (python3 fortran/gen_module.py); the output is
committed, so building needs no Python.

Naming (Fortran names ignore case, so the C device routine kblasf_dpotrf and the F77 host
routine KBLASF_DPOTRF cannot both be called kblasf_dpotrf in the module):
  - a routine with a host form (TRMM, TRSM and the Cholesky family) keeps the plain name
    for the host form: an explicit interface (external subroutine, no bind(C)) to the F77
    symbol kblasf_dpotrf_, LAPACK's arguments on host arrays, default-kind-compatible
    integers, hidden character lengths as gfortran passes them;
  - its device form is the module function kblasf_dpotrf_dev (status as integer(c_int));
  - a routine without a host form (GEMV, SYMV, HEMV) keeps the plain name for its device form.
Each device routine gets a bind(C) interface (named kblasf_c_..., bound to the C name)
and a module function that copies the option letters into local variables before the
call: gfortran up to 13 passes a garbage byte for a character dummy forwarded to a
`character, value` argument (GCC PR 110360)."""
import os

KINDS = {'s': 'real(c_float)', 'd': 'real(c_double)',
         'c': 'complex(c_float_complex)', 'z': 'complex(c_double_complex)'}
C_KIND = {'s': 'c_float', 'd': 'c_double', 'c': 'c_float_complex', 'z': 'c_double_complex'}
R_KIND = {'s': 'c_float', 'd': 'c_double', 'c': 'c_float', 'z': 'c_double'}

# A routine: (C name of the device form, precision, arguments after the handle, whether
# it has a host form). An argument is (name, kind) or, for arrays, (name, 'a', leading
# dimension, intent). Kinds:
#   o  option letter
#   i  kblasf_int (by value to the C device routine, by reference to the F77 symbol)
#   s  scalar of the routine's type, by reference
#   x  scalar of the routine's real type, by reference (HERK's alpha and beta)
#   p  device pointer (routines without a host form)
#   a  matrix of the routine's type: c_ptr by value in the device form, assumed-size
#      array A(ld, *) in the host form
#   r  info: kblasf_int by reference, intent(out)
#   v  host vector of the routine's real type, intent(out) (SYTRD's d, e), both forms
#   w  host vector of the routine's type, intent(out) (tau, work), both forms
# A fifth element, when present, is the host form's argument list (when it differs).

def mv_routines():
    out = []
    for p in 'sdcz':
        sy = 'hemv' if p in 'cz' else 'symv'
        base = [('trans', 'o'), ('m', 'i'), ('n', 'i'), ('alpha', 's'), ('A', 'p'),
                ('lda', 'i'), ('x', 'p'), ('incx', 'i'), ('beta', 's'), ('y', 'p'),
                ('incy', 'i')]
        out.append((f'kblasf_{p}gemv', p, base, False))
        out.append((f'kblasf_{p}gemv_offset', p, base + [('offr', 'i'), ('offc', 'i')], False))
        base = [('uplo', 'o'), ('n', 'i'), ('alpha', 's'), ('A', 'p'), ('lda', 'i'),
                ('x', 'p'), ('incx', 'i'), ('beta', 's'), ('y', 'p'), ('incy', 'i')]
        out.append((f'kblasf_{p}{sy}', p, base, False))
        out.append((f'kblasf_{p}{sy}_offset', p, base + [('off', 'i')], False))
    return out

def trxm_routines():
    out = []
    for p in 'sdcz':
        for op in ('trmm', 'trsm'):
            out.append((f'kblasf_{p}{op}', p,
                        [('side', 'o'), ('uplo', 'o'), ('transa', 'o'), ('diag', 'o'),
                         ('m', 'i'), ('n', 'i'), ('alpha', 's'), ('A', 'a', 'lda', 'in'),
                         ('lda', 'i'), ('B', 'a', 'ldb', 'inout'), ('ldb', 'i')], True))
    return out

def chol_routines():
    out = []
    for p in 'sdcz':
        a_io = ('A', 'a', 'lda', 'inout')
        out.append((f'kblasf_{p}potrf', p,
                    [('uplo', 'o'), ('n', 'i'), a_io, ('lda', 'i'), ('info', 'r')], True))
        out.append((f'kblasf_{p}potrs', p,
                    [('uplo', 'o'), ('n', 'i'), ('nrhs', 'i'), ('A', 'a', 'lda', 'in'),
                     ('lda', 'i'), ('B', 'a', 'ldb', 'inout'), ('ldb', 'i'),
                     ('info', 'r')], True))
        out.append((f'kblasf_{p}potri', p,
                    [('uplo', 'o'), ('n', 'i'), a_io, ('lda', 'i'), ('info', 'r')], True))
        out.append((f'kblasf_{p}trtri', p,
                    [('uplo', 'o'), ('diag', 'o'), ('n', 'i'), a_io, ('lda', 'i'),
                     ('info', 'r')], True))
        out.append((f'kblasf_{p}lauum', p,
                    [('uplo', 'o'), ('n', 'i'), a_io, ('lda', 'i'), ('info', 'r')], True))
        out.append((f'kblasf_{p}posv', p,
                    [('uplo', 'o'), ('n', 'i'), ('nrhs', 'i'), a_io, ('lda', 'i'),
                     ('B', 'a', 'ldb', 'inout'), ('ldb', 'i'), ('info', 'r')], True))
    return out

def reduction_routines():
    """SYTRD/HETRD and GEBRD: the device form takes LAPACK's arguments without the workspace,
    the host form (the fifth element) LAPACK's whole list."""
    out = []
    for p in 'sdcz':
        trd = [('uplo', 'o'), ('n', 'i'), ('A', 'a', 'lda', 'inout'), ('lda', 'i'),
               ('d', 'v'), ('e', 'v'), ('tau', 'w')]
        brd = [('m', 'i'), ('n', 'i'), ('A', 'a', 'lda', 'inout'), ('lda', 'i'), ('d', 'v'),
               ('e', 'v'), ('tauq', 'w'), ('taup', 'w')]
        for name, args in ((('hetrd' if p in 'cz' else 'sytrd'), trd), ('gebrd', brd)):
            out.append((f'kblasf_{p}{name}', p, args + [('info', 'r')], True,
                        args + [('work', 'w'), ('lwork', 'i'), ('info', 'r')]))
    return out

def batch_routines():
    """The batched Cholesky routines: device forms only (no host form, no F77 symbol), so
    they keep their plain names; the matrices, the arrays of pointers and info_array are
    all device memory (type(c_ptr))."""
    out = []
    for p in 'sdcz':
        rhs = [('nrhs', 'i')]
        for name, has_rhs, has_info in (('potrf', False, True), ('potrs', True, False),
                                        ('posv', True, True)):
            for strided in (False, True):
                args = [('uplo', 'o'), ('n', 'i')] + (rhs if has_rhs else [])
                args += [('A', 'p') if strided else ('A_array', 'p'), ('lda', 'i')]
                args += [('strideA', 'i')] if strided else []
                if has_rhs:
                    args += [('B', 'p') if strided else ('B_array', 'p'), ('ldb', 'i')]
                    args += [('strideB', 'i')] if strided else []
                args += [('info_array', 'p')] if has_info else []
                args += [('batch', 'i')]
                suffix = '_batch_strided' if strided else '_batch'
                out.append((f'kblasf_{p}{name}{suffix}', p, args, False))
    return out

def batch_trxm_routines():
    """The batched TRSM and TRMM (alpha a host scalar) and TRTRI: device forms only, like
    the batched Cholesky routines."""
    out = []
    for p in 'sdcz':
        for op in ('trsm', 'trmm'):
            for strided in (False, True):
                args = [('side', 'o'), ('uplo', 'o'), ('transa', 'o'), ('diag', 'o'),
                        ('m', 'i'), ('n', 'i'), ('alpha', 's')]
                args += [('A', 'p') if strided else ('A_array', 'p'), ('lda', 'i')]
                args += [('strideA', 'i')] if strided else []
                args += [('B', 'p') if strided else ('B_array', 'p'), ('ldb', 'i')]
                args += [('strideB', 'i')] if strided else []
                args += [('batch', 'i')]
                suffix = '_batch_strided' if strided else '_batch'
                out.append((f'kblasf_{p}{op}{suffix}', p, args, False))
        for strided in (False, True):
            args = [('uplo', 'o'), ('diag', 'o'), ('n', 'i'),
                    ('A', 'p') if strided else ('A_array', 'p'), ('lda', 'i')]
            args += [('strideA', 'i')] if strided else []
            args += [('batch', 'i')]
            suffix = '_batch_strided' if strided else '_batch'
            out.append((f'kblasf_{p}trtri{suffix}', p, args, False))
    return out

def batch_potri_routines():
    """The batched SYRK (all types), HERK (c, z; real alpha and beta), LAUUM, POTRI and
    POTI: device forms only, like the other batched routines."""
    out = []
    for p in 'sdcz':
        for op, scal in (('syrk', 's'), ('herk', 'x')):
            if op == 'herk' and p in 'sd':
                continue
            for strided in (False, True):
                args = [('uplo', 'o'), ('trans', 'o'), ('n', 'i'), ('k', 'i'), ('alpha', scal),
                        ('A', 'p') if strided else ('A_array', 'p'), ('lda', 'i')]
                args += [('strideA', 'i')] if strided else []
                args += [('beta', scal), ('C', 'p') if strided else ('C_array', 'p'),
                         ('ldc', 'i')]
                args += [('strideC', 'i')] if strided else []
                args += [('batch', 'i')]
                suffix = '_batch_strided' if strided else '_batch'
                out.append((f'kblasf_{p}{op}{suffix}', p, args, False))
        for op, has_info in (('lauum', False), ('potri', True), ('poti', True)):
            for strided in (False, True):
                args = [('uplo', 'o'), ('n', 'i'),
                        ('A', 'p') if strided else ('A_array', 'p'), ('lda', 'i')]
                args += [('strideA', 'i')] if strided else []
                args += [('info_array', 'p')] if has_info else []
                args += [('batch', 'i')]
                suffix = '_batch_strided' if strided else '_batch'
                out.append((f'kblasf_{p}{op}{suffix}', p, args, False))
    return out

def dev_decl(arg, p, public):
    """Declaration of a device-form argument: in the bind(C) interface (public False) or
    in the module function users call (public True)."""
    name, kind = arg[0], arg[1]
    if kind in 'hpa':
        return f'type(c_ptr), value :: {name}'
    if kind == 'o':
        return (f'character(len=1), intent(in) :: {name}' if public
                else f'character(kind=c_char), value :: {name}')
    if kind == 'i':
        return (f'integer(kblasf_int), intent(in) :: {name}' if public
                else f'integer(kblasf_int), value :: {name}')
    if kind == 'r':
        return f'integer(kblasf_int), intent(out) :: {name}'
    if kind == 'v':
        return f'real({R_KIND[p]}), intent(out) :: {name}(*)'
    if kind == 'w':
        return f'{KINDS[p]}, intent(out) :: {name}(*)'
    if kind == 'x':
        return f'real({R_KIND[p]}), intent(in) :: {name}'
    return f'{KINDS[p]}, intent(in) :: {name}'

def wrap(args, indent='         '):
    lines, cur = [], ''
    for a in args:
        piece = a + ', '
        if len(cur) + len(piece) > 60:
            lines.append(cur.rstrip())
            cur = ''
        cur += piece
    lines.append(cur.rstrip(', '))
    return (' &\n' + indent).join(lines)

def device_routine(name, p, args, has_host):
    args = [('handle', 'h')] + args
    names = [a[0] for a in args]
    priv = 'kblasf_c_' + name[len('kblasf_'):]  # the raw C binding, public but not for users
    pub = name + '_dev' if has_host else name
    iface = [f'    integer(c_int) function {priv}({wrap(names)}) &',
             f'         bind(C, name="{name}")',
             '      import :: c_int, c_ptr, c_char, c_float, c_double, c_float_complex, &',
             '                c_double_complex, kblasf_int']
    iface += ['      ' + dev_decl(a, p, False) for a in args]
    iface.append(f'    end function {priv}')
    body = [f'  integer(c_int) function {pub}({wrap(names)})']
    body += ['    ' + dev_decl(a, p, True) for a in args]
    opts = [a[0] for a in args if a[1] == 'o']
    body += [f'    character(kind=c_char) :: c_{a}' for a in opts]
    body += [f'    c_{a} = {a}' for a in opts]
    call = [('c_' + a[0]) if a[1] == 'o' else a[0] for a in args]
    body.append(f'    {pub} = {priv}({wrap(call)})')
    body.append(f'  end function {pub}')
    return iface, body

def host_interface(name, p, args):
    """Interface body of the F77 host form: an external subroutine named like the C device
    routine, which gfortran links to the symbol name_ (LAPACK's argument list)."""
    names = [a[0] for a in args]
    lines = [f'    subroutine {name}({wrap(names)})',
             f'      import :: kblasf_int, {", ".join(sorted({C_KIND[p], R_KIND[p]}))}',
             '      implicit none']
    # Scalars first: the arrays' leading dimensions must be declared before use.
    for a in args:
        if a[1] == 'o':
            lines.append(f'      character(len=1), intent(in) :: {a[0]}')
        elif a[1] == 'i':
            lines.append(f'      integer(kblasf_int), intent(in) :: {a[0]}')
        elif a[1] == 'r':
            lines.append(f'      integer(kblasf_int), intent(out) :: {a[0]}')
        elif a[1] == 's':
            lines.append(f'      {KINDS[p]}, intent(in) :: {a[0]}')
    for a in args:
        if a[1] == 'a':
            lines.append(f'      {KINDS[p]}, intent({a[3]}) :: {a[0]}({a[2]}, *)')
        elif a[1] == 'v':
            lines.append(f'      real({R_KIND[p]}), intent(out) :: {a[0]}(*)')
        elif a[1] == 'w':
            lines.append(f'      {KINDS[p]}, intent(out) :: {a[0]}(*)')
        elif a[1] not in 'oirs':
            raise ValueError(f'{name}: argument {a[0]} of kind {a[1]} has no host form')
    lines.append(f'    end subroutine {name}')
    return lines

def main():
    ifaces, bodies, hosts = [], [], []
    for entry in (mv_routines() + trxm_routines() + chol_routines() + reduction_routines()
                  + batch_routines() + batch_trxm_routines() + batch_potri_routines()):
        name, p, args, has_host = entry[:4]
        i, b = device_routine(name, p, args, has_host)
        ifaces += i + ['']
        bodies += b + ['']
        if has_host:
            hosts += host_interface(name, p, entry[4] if len(entry) > 4 else args) + ['']
    here = os.path.dirname(os.path.abspath(__file__))
    note = '! Generated by fortran/gen_module.py: do not edit.\n'
    with open(os.path.join(here, 'kblasf_bindings.inc'), 'w') as f:
        f.write(note)
        f.write('\n! ---- device forms: raw bind(C) interfaces (kblasf_c_*) '
                '------------------------\n')
        f.write('\n'.join(ifaces))
        f.write('\n! ---- host forms: the F77 symbols kblasf_?xxxx_, '
                'LAPACK/BLAS argument lists -------\n')
        f.write('\n'.join(hosts))
    with open(os.path.join(here, 'kblasf_wrappers.inc'), 'w') as f:
        f.write(note + '\n'.join(bodies))

if __name__ == '__main__':
    main()
