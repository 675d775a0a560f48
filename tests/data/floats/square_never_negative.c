#include <assert.h>

/* A square is never negative, NaN included (a comparison with NaN is
 * false): no answer may say the assertion fails. */
extern double __VERIFIER_nondet_double(void);

int main(void) {
  double x = __VERIFIER_nondet_double();
  if (x > 0 && x * x < 0)
    assert(0);
  return 0;
}
