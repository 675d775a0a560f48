/* config_safe.c with the configuration lost on one path: the loop may leave
 * `mode` at 0, which an input above 100 does not restore when it comes
 * first. */
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
    if (input == 7) mode = 0;
    total += step;
  }
  assert(mode == 4 && step == 2);
  return total;
}
