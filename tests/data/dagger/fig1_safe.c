// The program of Fig. 1 of papers/dagger-refining-abstract-interpretations.txt
// (without the boxed lines 7-9): x and y grow together, by (1, 100) or, once
// x >= 4, by (1, 1); the error needs x >= 4 and y <= 2, which x <= y <= 100x
// excludes. Polyhedra widening finds y <= 100x but not x <= y, so plain
// abstract interpretation reaches the error; refinement keeps it away.
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
    }
    w = w + 1;
    z = z + 10;
  }
  if (x >= 4 && y <= 2)
    assert(0);
  return 0;
}
