// verdict: unsafe
// With step 12 instead of 11 the result is 92, not 91, for every even x <= 100 (e.g. x = 100).
// Nested recursion: f(f(x + 12)), a mistyped McCarthy 91 function.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "mccarthy91_unsafe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } return; }
int f91(int x) {
  if (x > 100) return x - 10;
  return f91(f91(x + 12));
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 150) return 0;
  int r = f91(x);
  if (x <= 101) {
    __VERIFIER_assert(r == 91);
  } else {
    __VERIFIER_assert(r == x - 10);
  }
  return 0;
}
