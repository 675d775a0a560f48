// Two pointers that may alias: the check holds in both cases.
// verdict: safe
// decided: O0 O2
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a = 0, b = 0;
  int *p = &a;
  int *q = __VERIFIER_nondet_int() ? &a : &b;
  *p = 1;
  *q = 2;
  assert(a == 2 || (a == 1 && b == 2));
  return 0;
}
