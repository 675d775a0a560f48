// A global array with an initializer, one entry wrong.
// verdict: unsafe
// decided: O0 O2
#include <assert.h>
extern unsigned __VERIFIER_nondet_uint(void);
static int table[8] = { 1, 4, 7, 10, 13, 15, 19, 22 };
int main(void) {
  unsigned i = __VERIFIER_nondet_uint();
  if (i >= 8) return 0;
  int s = table[i];
  assert(s == (int)(3 * i + 1));
  return 0;
}
