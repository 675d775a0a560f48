#include <assert.h>
extern int __VERIFIER_nondet_int(void);
static int sq(int x) { return x * x; }
static int neg(int x) { return -x; }
static int apply(int (*g)(int), int v) { return g(v); }
static int twice(int (*g)(int), int v) { return apply(g, apply(g, v)); }
int main(void) {
  int v = __VERIFIER_nondet_int();
  if (v < 0 || v > 10) return 0;
  int r = twice(__VERIFIER_nondet_int() ? sq : neg, v);
  assert(r >= 0);
  return 0;
}
