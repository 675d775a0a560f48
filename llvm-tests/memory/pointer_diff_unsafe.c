// The distance of two pointers counts elements, not bytes: off by a factor.
// verdict: unsafe
// decided: O0 O2
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[10];
  int i = __VERIFIER_nondet_int(), j = __VERIFIER_nondet_int();
  if (i < 0 || i >= 10 || j < 0 || j >= 10) return 0;
  int *p = &a[i], *q = &a[j];
  assert((char *)q - (char *)p == j - i);
  return 0;
}
