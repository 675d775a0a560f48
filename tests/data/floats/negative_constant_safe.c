#include <assert.h>

/* Negative constants compare as C compares them. */
extern double __VERIFIER_nondet_double(void);
extern float __VERIFIER_nondet_float(void);

int main(void) {
  double x = __VERIFIER_nondet_double();
  float f = __VERIFIER_nondet_float();
  if (x < -1.5)
    assert(x < -1.0 && !(x >= 0.0));
  if (f <= -0.0f)
    assert(!(f > 0.0f));
  if (x > -2.25 && x < -2.0)
    assert(x != -3.0 && x != 0.0);
  return 0;
}
