// k-induction needs its strengthening here (issue 43 §3). c counts up to
// 100 and is never negative, so x is set to y in every round: x == y at the
// loop's exit. Intervals alone do not prove it (x == y is not an interval);
// k-induction alone does not either (from a state with c < 0 the rounds
// keep x != y as long as they like); with the intervals (0 <= c <= 100) the
// error needs a state with x != y at the loop head, which no round and not
// the entry gives.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int c = 0, x = 0, y = 0;
  while (__VERIFIER_nondet_int()) {
    y = __VERIFIER_nondet_int();
    if (c >= 0) x = y; else x = y + 1;
    if (c < 100) c++;
  }
  assert(x == y);
  return 0;
}
