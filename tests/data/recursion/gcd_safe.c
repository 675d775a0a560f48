#include <assert.h>
extern int __VERIFIER_nondet_int(void);
/* subtractive: tail recursion, which becomes a loop */
static int gcd(int a, int b) { if (a == b) return a; return a > b ? gcd(a - b, b) : gcd(a, b - a); }
int main(void) { int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
  if (a <= 0 || b <= 0) return 0;
  assert(gcd(a, b) > 0); return 0; }
