// assert() fails for x == 5, reach_error() is called for x == 7.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
void reach_error(void) {}
int main(void) {
  int x = __VERIFIER_nondet_int();
  assert(x != 5);
  if (x == 7) reach_error();
  return 0;
}
