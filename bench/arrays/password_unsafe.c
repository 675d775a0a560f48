// The comparison stops before the last cell.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "password_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } return; }
#define N 64
int main(void) {
  int guess[N], secret[N];
  for (int i = 0; i < N; i++) { guess[i] = __VERIFIER_nondet_int(); secret[i] = __VERIFIER_nondet_int(); }
  int ok = 1;
  for (int i = 0; i < N - 1; i++)
    if (guess[i] != secret[i]) ok = 0;
  if (ok) {
    int x = __VERIFIER_nondet_int();
    if (x < 0 || x >= N) return 0;
    __VERIFIER_assert(guess[x] == secret[x]);
  }
  return 0;
}
