#!/usr/bin/env python3
"""Writes fortran/kblasf.f90, the Fortran module, from the tables below.

Run it after adding a routine to the C API (python3 fortran/gen_module.py); the output is
committed, so building needs no Python. Each C routine gets a private bind(C) interface
(named kblasf_c_...) and, where it takes option letters, a module function of the same name that
copies them into local variables first: gfortran up to 13 passes a garbage byte for a
character dummy forwarded to a `character, value` argument (GCC PR 110360)."""
import os

KINDS = {'s': 'real(c_float)', 'd': 'real(c_double)',
         'c': 'complex(c_float_complex)', 'z': 'complex(c_double_complex)'}

# (C name, [(argument, kind)], summary). Kinds: h = handle (c_ptr value), p = device
# pointer (c_ptr value), o = option letter, i = kblasf_int value, s = scalar of the
# routine's type by reference.
def mv_routines():
    out = []
    for p in 'sdcz':
        sy = 'hemv' if p in 'cz' else 'symv'
        base = [('handle', 'h'), ('trans', 'o'), ('m', 'i'), ('n', 'i'), ('alpha', 's'),
                ('A', 'p'), ('lda', 'i'), ('x', 'p'), ('incx', 'i'), ('beta', 's'),
                ('y', 'p'), ('incy', 'i')]
        out.append((f'kblasf_{p}gemv', p, base))
        out.append((f'kblasf_{p}gemv_offset', p, base + [('offr', 'i'), ('offc', 'i')]))
        base = [('handle', 'h'), ('uplo', 'o'), ('n', 'i'), ('alpha', 's'), ('A', 'p'),
                ('lda', 'i'), ('x', 'p'), ('incx', 'i'), ('beta', 's'), ('y', 'p'),
                ('incy', 'i')]
        out.append((f'kblasf_{p}{sy}', p, base))
        out.append((f'kblasf_{p}{sy}_offset', p, base + [('off', 'i')]))
    return out

def trxm_routines():
    out = []
    for p in 'sdcz':
        for op in ('trmm', 'trsm'):
            out.append((f'kblasf_{p}{op}', p,
                        [('handle', 'h'), ('side', 'o'), ('uplo', 'o'), ('transa', 'o'),
                         ('diag', 'o'), ('m', 'i'), ('n', 'i'), ('alpha', 's'), ('A', 'p'),
                         ('lda', 'i'), ('B', 'p'), ('ldb', 'i')]))
    return out

def decl(arg, kind, p, public):
    if kind in 'hp':
        return f'type(c_ptr), value :: {arg}'
    if kind == 'o':
        return (f'character(len=1), intent(in) :: {arg}' if public
                else f'character(kind=c_char), value :: {arg}')
    if kind == 'i':
        return f'integer(kblasf_int), value :: {arg}' if not public else \
               f'integer(kblasf_int), intent(in) :: {arg}'
    return f'{KINDS[p]}, intent(in) :: {arg}'

def wrap(args):
    lines, cur = [], ''
    for a in args:
        piece = a + ', '
        if len(cur) + len(piece) > 60:
            lines.append(cur.rstrip())
            cur = ''
        cur += piece
    lines.append(cur.rstrip(', '))
    return ' &\n         '.join(lines)

def routine(name, p, args):
    names = [a for a, _ in args]
    priv = 'kblasf_c_' + name[len('kblasf_'):]  # the raw C binding, public but not for users
    iface = [f'    integer(c_int) function {priv}({wrap(names)}) &',
             f'         bind(C, name="{name}")',
             '      import :: c_int, c_ptr, c_char, c_float, c_double, c_float_complex, &',
             '                c_double_complex, kblasf_int']
    iface += ['      ' + decl(a, k, p, False) for a, k in args]
    iface.append(f'    end function {priv}')
    body = [f'  integer(c_int) function {name}({wrap(names)})']
    body += ['    ' + decl(a, k, p, True) for a, k in args]
    opts = [a for a, k in args if k == 'o']
    body += [f'    character(kind=c_char) :: c_{a}' for a in opts]
    body += [f'    c_{a} = {a}' for a in opts]
    call = [('c_' + a) if k == 'o' else a for a, k in args]
    body.append(f'    {name} = {priv}({wrap(call)})')
    body.append(f'  end function {name}')
    return iface, body, name, priv

HEAD = open(os.path.join(os.path.dirname(__file__), 'kblasf_head.f90')).read()

def main():
    ifaces, bodies, publics, privs = [], [], [], []
    for name, p, args in mv_routines() + trxm_routines():
        i, b, pub, priv = routine(name, p, args)
        ifaces += i + ['']
        bodies += b + ['']
        publics.append(pub)
        privs.append(priv)
    out = [HEAD.rstrip(), '',
           '  ! ---- routines with option letters: public wrappers over private bind(C) ----',
           '  public :: ' + wrap(publics).replace('         ', '       '),
           '  interface'] + ifaces + ['  end interface', '', 'contains', ''] + bodies + \
          ['end module kblasf', '']
    path = os.path.join(os.path.dirname(__file__), 'kblasf.f90')
    with open(path, 'w') as f:
        f.write('\n'.join(out))

if __name__ == '__main__':
    main()
