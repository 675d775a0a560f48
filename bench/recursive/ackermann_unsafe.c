// verdict: unsafe
// The claim ack(m, n) < 60 fails only at m = 3, n = 3 (ack(3, 3) = 61).
// Ackermann's function: nested recursion (a recursive call's result is an argument).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "ackermann_unsafe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } return; }
int ack(int m, int n) {
  if (m == 0) return n + 1;
  if (n == 0) return ack(m - 1, 1);
  return ack(m - 1, ack(m, n - 1));
}
int main(void) {
  int m = __VERIFIER_nondet_int();
  int n = __VERIFIER_nondet_int();
  if (m < 0 || m > 3) return 0;
  if (n < 0 || n > 3) return 0;
  int r = ack(m, n);
  __VERIFIER_assert(r < 60);
  return 0;
}
