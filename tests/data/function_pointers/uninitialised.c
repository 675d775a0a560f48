#include <assert.h>
extern int __VERIFIER_nondet_int(void);
static int inc(int x) { return x + 1; }
int main(void) {
  int (*f)(int);
  int k = __VERIFIER_nondet_int();
  if (k > 0) f = inc;
  return f(k);
}
