#include <assert.h>

/* (float)n / 3 * 3 is not n for every n: the division rounds. */
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int n = __VERIFIER_nondet_int();
  float f = (float)n / 3;
  assert(f * 3 == n);
  return 0;
}
