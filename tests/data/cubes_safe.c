// The sum of the first n cubes is the square of the sum of the first n
// numbers: true, but the invariant is nonlinear (degree 4), and no engine of
// ufo finds it (and clang -O2 computes the sums in 65-bit integers, which ufo
// does not model). The test of cancellation runs on it at -O0 (tests/cancel.rs).
// verdict: safe
extern unsigned __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main(void) {
  long long n = __VERIFIER_nondet_uint() % 1000;
  long long i = 1, s = 0, c = 0;
  while (i <= n) {
    s += i;
    c += i * i * i;
    i++;
  }
  if (c != s * s)
    reach_error();
  return 0;
}
