// Two counters that move together only when the parity flag says so: the
// loop-head labels of a bounded unrolling say what holds after k steps, and
// their conjuncts that hold at every step (k's parity follows odd, up == down
// when odd is 0) prove the assertion: UFO proves it by the inductive subset
// of its labels (smt::houdini) after one refinement.
// verdict: safe
// decided: O2 (at -O0 the UFO engine alone took 2.5 s to past 60 s in runs of one binary, in process and in a member process alike: stop 85; the portfolio proves it)
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  unsigned int up = 0, down = 0, steps = 0;
  int odd = __VERIFIER_nondet_int();
  unsigned int k = odd ? 1 : 0;
  while (__VERIFIER_nondet_int()) {
    steps++;
    up += 3;
    k += 2;
    if (k % 2 == 0)
      down += 3;
    else
      down += 2;
  }
  if (!odd) assert(up == down);
  return 0;
}
