/* Fig. 3(d) of Jaffar, Navas, Santosa (TRACER, §3) with N = 8, with a bug: the second
   branch's x is 0 however complex_func computes it, and its path is subsumed
   where the branches join. */
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
static int complex_func(int a) {
  return (a & 7) - (a % 8 + 8) % 8;
}
int main(void) {
  int x, y;
  if (__VERIFIER_nondet_int()) {
    x = 0;
    y = 0;
  } else {
    x = complex_func(__VERIFIER_nondet_int());
    y = 0;
  }
  int s = x, t = y;
  if (__VERIFIER_nondet_int()) {
    s++;
    t++;
  }
  if (__VERIFIER_nondet_int()) {
    s++;
    t++;
  }
  if (__VERIFIER_nondet_int()) {
    s++;
    t++;
  }
  if (__VERIFIER_nondet_int()) {
    s++;
    t++;
  }
  if (__VERIFIER_nondet_int()) {
    s++;
    t++;
  }
  if (__VERIFIER_nondet_int()) {
    s++;
    t++;
  }
  if (__VERIFIER_nondet_int()) {
    s++;
    t++;
  }
  if (__VERIFIER_nondet_int()) {
    s++;
    t++;
  }
  assert(!(t > 7 && s > 7));
  return 0;
}
