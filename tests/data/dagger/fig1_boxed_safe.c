// The program of Fig. 1 of papers/dagger-refining-abstract-interpretations.txt
// with its boxed lines 7-9: y is negated where y > 10w and z >= 100x, which
// never holds (the invariant x <= y <= 100x and z = 10w excludes it); the
// error needs x >= 4 and y <= 2.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = 0, y = 0, z = 0, w = 0;
  while (__VERIFIER_nondet_int()) {
    if (__VERIFIER_nondet_int()) {
      x = x + 1;
      y = y + 100;
    } else if (__VERIFIER_nondet_int()) {
      if (x >= 4) {
        x = x + 1;
        y = y + 1;
      }
    } else if (y > 10 * w && z >= 100 * x) {
      y = -y;
    }
    w = w + 1;
    z = z + 10;
  }
  if (x >= 4 && y <= 2)
    assert(0);
  return 0;
}
