// Fig. 7 / Example 2 of papers/verymax-compositional-maxsmt.txt: the first
// loop keeps x < y (it only lowers x), the second keeps x - y; x != y after
// it needs x < y at both loops (y < x, the other conditional invariant of
// the second loop, is never initiated).
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < -1000000 || x > 1000000)
    return 0;
  int y = x + 1;
  while (__VERIFIER_nondet_int() && x > -1000000)
    x = x - 1;
  if (x < 0) {
    while (__VERIFIER_nondet_int() && y < 1000000) {
      x = x + 1;
      y = y + 1;
    }
    assert(x != y);
  }
  return 0;
}
