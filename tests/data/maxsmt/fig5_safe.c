// Fig. 5 / Example 1 of papers/verymax-compositional-maxsmt.txt: every
// x + m*i >= 50 with 0 <= m <= 5 is a conditional invariant of the loop
// that implies the assertion; initiation (soft) picks m = 5, the one the
// loop's entry (x = 50 - 5n, i = n) establishes.
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
  assert(x >= 50);
  return 0;
}
