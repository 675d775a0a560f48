// Safe: after clang -O2 the loop is a closed form, whose certificate bounds n.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int x = 0, y = 0;
  while (x < n && x < 1000) { x++; y += 2; }
  assert(y >= x);
  return 0;
}
