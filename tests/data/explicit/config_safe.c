/* A configuration fixed before the loop and re-established in it: the
 * values every path agrees on prove it, whatever the loop does with the
 * counter and the sum. */
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int mode = 4, step = 2, total = 0;
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++) {
    int input = __VERIFIER_nondet_int();
    if (input > 100) {
      mode = 4;
      step = 2;
    }
    if (mode != 4) step = 0;
    total += step;
  }
  assert(mode == 4 && step == 2);
  return total;
}
