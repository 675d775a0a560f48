// verdict: unsafe
// fib(n) <= 3 * n first fails at n = 9 (fib(9) = 34 > 27).
// Fibonacci with two recursive calls per invocation.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "fib_unsafe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } return; }
int fib(int n) {
  if (n < 1) return 0;
  if (n == 1) return 1;
  return fib(n - 1) + fib(n - 2);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 12) return 0;
  int r = fib(n);
  __VERIFIER_assert(r <= 3 * n);
  return 0;
}
