#include <assert.h>
#include <math.h>

/* sqrt(x) * sqrt(x) is not always x: rounding (x = 2 gives
 * 2.0000000000000004). */
extern double __VERIFIER_nondet_double(void);

int main(void) {
  double x = __VERIFIER_nondet_double();
  if (x >= 1 && x <= 4) {
    double r = sqrt(x);
    assert(r * r == x);
  }
  return 0;
}
