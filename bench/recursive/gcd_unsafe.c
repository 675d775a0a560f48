// verdict: unsafe
// The claim gcd(a, b) < 13 for distinct a, b fails at a = 13, b = 26 (gcd 13).
// Tail recursion: every recursive call is the last thing the function does.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "gcd_unsafe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } return; }
int gcd(int a, int b) {
  if (a == b) return a;
  if (a > b) return gcd(a - b, b);
  return gcd(a, b - a);
}
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (a < 1 || a > 30) return 0;
  if (b < 1 || b > 30) return 0;
  if (a == b) return 0;
  int g = gcd(a, b);
  __VERIFIER_assert(g < 13);
  return 0;
}
