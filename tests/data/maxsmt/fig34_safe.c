// Figs. 3-4 of papers/verymax-compositional-maxsmt.txt: x != y holds in
// the loop because x - y never changes; as a conjunction of linear
// inequations CondSafe finds x < y or x > y, one entry's states fail it,
// and the narrowed loop (Fig. 4) gives the other: x < y || x > y.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
  if (x == y || x > 1000000 || y > 1000000)
    return 0;
  while (__VERIFIER_nondet_int()) {
    assert(x != y);
    x = x + 1;
    y = y + 1;
  }
  return 0;
}
