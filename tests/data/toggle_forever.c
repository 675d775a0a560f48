// Safe, but its loop has no bound (and stays in the slice at -O0): no
// unrolling is complete.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = 0;
  while (__VERIFIER_nondet_int()) { x = 1 - x; }
  assert(x == 0 || x == 1);
  return 0;
}
