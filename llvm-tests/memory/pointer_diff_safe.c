// The distance of two pointers into one array is the distance of their indices.
// verdict: safe
// decided: O0 O2
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[10];
  int i = __VERIFIER_nondet_int(), j = __VERIFIER_nondet_int();
  if (i < 0 || i >= 10 || j < 0 || j >= 10) return 0;
  int *p = &a[i], *q = &a[j];
  assert(q - p == j - i);
  return 0;
}
