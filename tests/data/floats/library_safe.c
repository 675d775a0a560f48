#include <assert.h>
#include <math.h>

/* sqrt of a non-negative value is not negative; floor never exceeds its
 * argument's sign; fmin picks a non-NaN operand. */
extern double __VERIFIER_nondet_double(void);

int main(void) {
  double x = __VERIFIER_nondet_double();
  double y = __VERIFIER_nondet_double();
  if (x >= 0) {
    double r = sqrt(x);
    assert(!(r < 0));
    assert(floor(x) >= 0);
  }
  if (y == y) {
    double m = fmin(y, NAN);
    assert(m == y);
  }
  return 0;
}
