// A loop whose 9th round fails the assertion: every Z3 member finds it.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int s = 0;
  for (int i = 0; i < n; i++) { s += 3; }
  assert(s != 27);
  return 0;
}
