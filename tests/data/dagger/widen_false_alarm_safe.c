// DAGGER (papers/dagger-refining-abstract-interpretations.txt §2): the
// difference y - x grows until it reaches 10, then x catches up. An octagon
// widening drops the growing bound of y - x (no threshold bounds a
// difference), and the error is reachable in the abstraction; the
// interpolant y - x <= 10 of the joined iterates and the error bounds the
// widening (interpolated widen), in one refinement.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = 0, y = 0;
  while (__VERIFIER_nondet_int()) {
    if (y - x < 10)
      y++;
    else
      x++;
  }
  assert(y - x <= 10);
  return 0;
}
