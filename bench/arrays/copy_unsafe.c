// The copy skips the first cell.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "copy_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } return; }
#define N 500
int main(void) {
  int a[N], b[N];
  for (int i = 0; i < N; i++) a[i] = __VERIFIER_nondet_int();
  b[0] = 0;
  for (int i = 1; i < N; i++) b[i] = a[i];
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x >= N) return 0;
  __VERIFIER_assert(a[x] == b[x]);
  return 0;
}
