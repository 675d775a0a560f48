#include <assert.h>

/* (int)d of a d beyond INT_MAX (or infinite) is undefined behaviour in C;
 * x86-64 gives INT_MIN, which fails the assertion. */
extern double __VERIFIER_nondet_double(void);

int main(void) {
  double d = __VERIFIER_nondet_double();
  if (d < 0 || d != d)
    return 0;
  int i = (int)d;
  assert(i >= 0);
  return 0;
}
