// Figs. 3-4's loop where x and y may start equal, but only at 987654, a
// value random runs do not draw: the search itself meets the bug (every
// precondition it propagates fails at the entry) and answers UNKNOWN.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
  if (x > 1000000 || y > 1000000)
    return 0;
  if (x == y && 2 * x != 1975308)
    return 0;
  while (__VERIFIER_nondet_int()) {
    assert(x != y);
    x = x + 1;
    y = y + 1;
  }
  return 0;
}
