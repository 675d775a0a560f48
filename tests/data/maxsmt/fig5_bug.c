// The mutation of fig5_safe.c: x ends at 50, not above it.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000)
    return 0;
  int x = 50 - 5 * n, i = n;
  while (i > 0) {
    x = x + 5;
    i = i - 1;
  }
  assert(x >= 51);
  return 0;
}
