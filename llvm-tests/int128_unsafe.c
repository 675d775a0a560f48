// __int128 arithmetic: the sum of two positive long longs passes LLONG_MAX.
// decided: O0 O2
// verdict: unsafe
extern void reach_error(void);
extern long long __VERIFIER_nondet_longlong(void);
int main(void) {
  long long a = __VERIFIER_nondet_longlong();
  long long b = __VERIFIER_nondet_longlong();
  __int128 s = (__int128)a + b;
  if (a > 0 && b > 0 && s > 9223372036854775807LL) reach_error();
  return 0;
}
