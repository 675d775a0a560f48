// Two pointers that may alias: the check fails when they do.
// verdict: unsafe
// decided: O0 O2
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a = 0, b = 0;
  int *p = &a;
  int *q = __VERIFIER_nondet_int() ? &a : &b;
  *p = 1;
  *q = 2;
  assert(a == 1);
  return 0;
}
