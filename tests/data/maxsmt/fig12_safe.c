// Figs. 1-2 of papers/verymax-compositional-maxsmt.txt in sequence: the
// loop of Fig. 2 moves j into i, the loop of Fig. 1 adds 5 to x per unit of
// i. x starts at -5j, so the assertion needs the paper's Q1 = x + 5i >= 0
// at Fig. 1's loop and Q2 = j >= 0 && x + 5(i + j) >= 0 at Fig. 2's.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int j = __VERIFIER_nondet_int();
  if (j < 0 || j > 1000)
    return 0;
  int x = -5 * j, i = 0;
  while (j > 0) {
    j = j - 1;
    i = i + 1;
  }
  while (i > 0) {
    x = x + 5;
    i = i - 1;
  }
  assert(x >= 0);
  return 0;
}
