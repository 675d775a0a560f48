#include <assert.h>
extern int __VERIFIER_nondet_int(void);
static int odd(int n);
static int even(int n) { return n == 0 ? 1 : odd(n - 1); }
static int odd(int n) { return n == 0 ? 0 : even(n - 1); }
int main(void) { int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 20) return 0; assert(even(n) == (n % 2 == 0)); return 0; }
