/* emu_tests.h — the entry points of the emulator's test files other than emu_test.cpp,
 * which its main calls after its own tests. Each runs the tests that `which` names ("all":
 * every one of its tests, without the sweeps; sweep tells), from its own random stream
 * seeded by `seed`, and adds its counts to *tests and *fails. */
#pragma once
#include <type_traits>

/* The scaled cases' exponent for T (LAPACK's testers' types 8 and 9): a matrix times 2^-+it
 * has squares of its elements out of T's range and their quotients within it */
template <typename T> constexpr int emu_scale_e2()
{
    return std::is_same<T, float>::value || std::is_same<T, cuFloatComplex>::value ? 115 : 965;
}

/* emu_test_potri.cpp: sbsyrk..zbsyrk, cbherk, zbherk, sblauum..zblauum, sbpotri..zbpotri,
 * sbpoti..zbpoti, zerodiag */
void emu_test_potri(const char *which, int cnt, bool sweep, unsigned seed, int *tests, int *fails);
