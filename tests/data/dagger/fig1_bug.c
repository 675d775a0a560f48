// Fig. 1 of papers/dagger-refining-abstract-interpretations.txt, mutated:
// the error needs x >= 4 and y <= 500, which x = 4, y = 400 reaches.
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
  if (x >= 4 && y <= 500)
    assert(0);
  return 0;
}
