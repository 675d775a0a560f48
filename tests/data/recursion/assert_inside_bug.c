#include <assert.h>
extern int __VERIFIER_nondet_int(void);
/* the assertion inside the recursion fails for n >= 100 */
static int walk(int n) {
  assert(n < 100);
  if (n <= 1) return n;
  return walk(n - 1) + walk(n - 2);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 200) return 0;
  return walk(n) < 0;
}
