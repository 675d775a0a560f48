// verdict: unsafe
// The claim "n > 1 and n % 6 == 1 implies n prime" fails at n = 25 (divisor 5 found at depth 4).
// Recursive remainder by subtraction and recursive trial division.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "primes_unsafe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } return; }
int rem(int n, int d) {
  if (n < d) return n;
  return rem(n - d, d);
}
int has_divisor(int n, int d) {
  if (d * d > n) return 0;
  if (rem(n, d) == 0) return 1;
  return has_divisor(n, d + 1);
}
int is_prime(int n) {
  if (n < 2) return 0;
  return !has_divisor(n, 2);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 40) return 0;
  if (n > 1 && rem(n, 6) == 1) {
    __VERIFIER_assert(is_prime(n));
  }
  return 0;
}
