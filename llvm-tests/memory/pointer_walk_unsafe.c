// Pointer arithmetic walking a buffer: it reaches index 3.
// verdict: unsafe
// decided: O0 O2
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
  assert(p - buf != 3);
  return 0;
}
