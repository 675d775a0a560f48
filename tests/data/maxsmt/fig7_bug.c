// The mutation of fig7_safe.c: y starts below x, and the first loop lowers x onto it.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < -1000000 || x > 1000000)
    return 0;
  int y = x - 1;
  while (__VERIFIER_nondet_int() && x > -1000000)
    x = x - 1;
  if (x < 0) {
    while (__VERIFIER_nondet_int() && y < 1000000) {
      x = x + 1;
      y = y + 1;
    }
    assert(x != y);
  }
  return 0;
}
