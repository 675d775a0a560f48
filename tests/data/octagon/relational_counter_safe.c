/* y counts some of the steps x counts: y <= x, an octagon's invariant
   (y - x <= 0) that no interval states. */
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int x = 0, y = 0;
  for (int k = 0; k < n; k++) {
    x++;
    if (__VERIFIER_nondet_int())
      y++;
  }
  assert(y <= x);
  return 0;
}
