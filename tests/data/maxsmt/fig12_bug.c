// The mutation of fig12_safe.c: x starts one below -5j, so x ends at -1.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int j = __VERIFIER_nondet_int();
  if (j < 0 || j > 1000)
    return 0;
  int x = -5 * j - 1, i = 0;
  while (j > 0) {
    j = j - 1;
    i = i + 1;
  }
  while (i > 0) {
    x = x + 5;
    i = i - 1;
  }
  assert(x >= 0);
  return 0;
}
