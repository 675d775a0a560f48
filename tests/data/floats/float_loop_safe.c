#include <assert.h>

/* A float that only grows from 0: never negative. Its invariant is over
 * its bits, printed as C reads them (never a conversion of its value). */
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  float x = 0.0f;
  for (int i = 0; i < n; i++) {
    if (x < 100.0f)
      x = x + 1.5f;
  }
  assert(!(x < 0.0f));
  return 0;
}
