/* A pointer in a global struct beside a double points to g: the store
 * through it changes g. (Before stop 65, the initializer of a struct with a
 * double was not followed for its pointers, and this program was SAFE at
 * -O0: a wrong answer.) */
#include <assert.h>
int g = 0;
struct s {
  double d;
  int *p;
} gs = {1.0, &g};
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int v = __VERIFIER_nondet_int();
  *gs.p = v;
  assert(g == 0);
  return 0;
}
