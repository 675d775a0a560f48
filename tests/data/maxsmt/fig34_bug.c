// The mutation of fig34_safe.c: x and y may start equal.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
  if (x > 1000000 || y > 1000000)
    return 0;
  while (__VERIFIER_nondet_int()) {
    assert(x != y);
    x = x + 1;
    y = y + 1;
  }
  return 0;
}
