// __int128 arithmetic: sums and products of two long longs never overflow
// in 128 bits (they would in 64).
// decided: O0 O2
// verdict: safe
extern void reach_error(void);
extern long long __VERIFIER_nondet_longlong(void);
int main(void) {
  long long a = __VERIFIER_nondet_longlong();
  long long b = __VERIFIER_nondet_longlong();
  __int128 s = (__int128)a + b;
  __int128 d = (__int128)a - b;
  if (a > 0 && b > 0 && !(s > a && s > b)) reach_error();
  if (a >= b && d < 0) reach_error();
  __int128 w = s * 4 + d;
  if (w != (__int128)a * 5 + (__int128)b * 3) reach_error();
  return 0;
}
