/* A pointer in a global struct beside a double: its target is the same
 * object as the global it points to (the initializer is followed). */
#include <assert.h>
int g = 0;
struct s { double d; int *p; } gs = {1.0, &g};
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int v = __VERIFIER_nondet_int();
  *gs.p = v;
  gs.d = 2.0;
  assert(g == v);
  return 0;
}
