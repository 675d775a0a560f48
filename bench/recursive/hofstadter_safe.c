// verdict: safe
// Hofstadter's sequences satisfy M(n) <= F(n) <= M(n) + 1 for n in 0..15.
// Mutual and nested recursion: F(n) = n - M(F(n - 1)), M(n) = n - F(M(n - 1)).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "hofstadter_safe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } return; }
int M(int n);
int F(int n) {
  if (n == 0) return 1;
  return n - M(F(n - 1));
}
int M(int n) {
  if (n == 0) return 0;
  return n - F(M(n - 1));
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 15) return 0;
  int f = F(n);
  int m = M(n);
  __VERIFIER_assert(m <= f && f <= m + 1);
  return 0;
}
