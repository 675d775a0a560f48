#include <assert.h>

/* "not negative, so non-negative": false for NaN, where every ordered
 * comparison is false. */
extern double __VERIFIER_nondet_double(void);

int main(void) {
  double x = __VERIFIER_nondet_double();
  if (x < 0.0)
    return 0;
  assert(x >= 0.0);
  return 0;
}
