// The initialization stops one cell short.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "init_const_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } return; }
#define N 1000
int main(void) {
  int a[N];
  for (int i = 0; i < N - 1; i++) a[i] = 42;
  a[N - 1] = 41;
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x >= N) return 0;
  __VERIFIER_assert(a[x] == 42);
  return 0;
}
