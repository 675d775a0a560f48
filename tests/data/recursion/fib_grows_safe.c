#include <assert.h>
extern int __VERIFIER_nondet_int(void);
/* fib_bug.c's function, with what holds of every n: fib(n) >= n - 1 */
static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
int main(void) { int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 8) return 0; assert(fib(n) >= n - 1); return 0; }
