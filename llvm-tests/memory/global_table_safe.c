// A global array with an initializer, read at an input index.
// verdict: safe
// decided: O0 O2
#include <assert.h>
extern unsigned __VERIFIER_nondet_uint(void);
static const int table[8] = { 1, 4, 7, 10, 13, 16, 19, 22 };
int main(void) {
  unsigned i = __VERIFIER_nondet_uint();
  if (i >= 8) return 0;
  int s = table[i];
  assert(s == (int)(3 * i + 1));
  return 0;
}
