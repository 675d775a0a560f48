// __int128 arithmetic: sums and products of two long longs never overflow
// in 128 bits (they would in 64).
// decided: O0 O2
// verdict: safe
#include <assert.h>
extern long long __VERIFIER_nondet_longlong(void);
int main(void) {
  long long a = __VERIFIER_nondet_longlong();
  long long b = __VERIFIER_nondet_longlong();
  __int128 s = (__int128)a + b;
  __int128 d = (__int128)a - b;
  if (a > 0 && b > 0) assert(s > a && s > b);
  if (a >= b) assert(d >= 0);
  __int128 w = s * 4 + d;
  assert(w == (__int128)a * 5 + (__int128)b * 3);
  return 0;
}
