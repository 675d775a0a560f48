#include <assert.h>
#include <fenv.h>
#pragma STDC FENV_ACCESS ON

/* Rounded upwards, 1 + 2^-60 is not 1: the exact encoding (to nearest)
 * would prove the assertion; with the mode set by the program, ufo does
 * not claim it (and finds the bug at -O0; at -O2 clang's constrained
 * intrinsics are not modelled). */
extern double __VERIFIER_nondet_double(void);

int main(void) {
  double tiny = __VERIFIER_nondet_double();
  if (tiny != 0x1p-60)
    return 0;
  fesetround(FE_UPWARD);
  double one = 1.0 + tiny;
  assert(one == 1.0);
  return 0;
}
