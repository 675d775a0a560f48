#include <assert.h>
extern int __VERIFIER_nondet_int(void);
static int twice(int x) { return 2 * x; }
int main(void) {
  int k = __VERIFIER_nondet_int();
  int (*f)(int) = k == 9 ? 0 : twice;
  return f(k) > 100;
}
