/* Fig. 1 of Jaffar, Navas, Santosa (TRACER, §2), as C. */
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = 0, z = 0;
  int y = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int())
    z = 1;
  if (y >= 1)
    x = x + 2;
  if (y < 1)
    x = x + 4;
  assert(x <= 5);
  return z;
}
