// Pointer arithmetic walking a buffer: the walk stops at the sentinel.
// verdict: safe
// decided: O0 O2 (spacer-cells; the distance of two pointers into one array does not wrap)
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int buf[6];
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 5) return 0;
  for (int i = 0; i < 6; i++) buf[i] = 1;
  buf[n] = 0;
  int *p = buf;
  while (*p != 0) p++;
  assert(p - buf == n);
  return 0;
}
