#include <assert.h>
extern int __VERIFIER_nondet_int(void);
static int inc(int x) { return x + 1; }
int main(void) {
  int k = __VERIFIER_nondet_int();
  int (*f)(int) = k > 5 ? inc : 0;
  return f(k);
}
