#include <assert.h>
#include <string.h>

/* The bits of -x are x's with the sign flipped: -x is 1.0 when x is -1.0
 * (0x3ff0000000000000 is 1.0's encoding); a float from the harness too. */
extern double __VERIFIER_nondet_double(void);
extern float __VERIFIER_nondet_float(void);

int main(void) {
  double x = __VERIFIER_nondet_double();
  float f = __VERIFIER_nondet_float();
  double y = -x;
  unsigned long long b;
  unsigned int g;
  memcpy(&b, &y, sizeof b);
  memcpy(&g, &f, sizeof g);
  if (b == 0x3ff0000000000000ULL && g == 0x40490fdbU) /* 3.14159274f */
    assert(0);
  return 0;
}
