#include <assert.h>

/* 0.1 + 0.2 is 0.30000000000000004 in double. */
extern double __VERIFIER_nondet_double(void);

int main(void) {
  double a = __VERIFIER_nondet_double();
  double b = __VERIFIER_nondet_double();
  if (a == 0.1 && b == 0.2)
    assert(a + b == 0.3);
  return 0;
}
