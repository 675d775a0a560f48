// A global array with an initializer, one entry wrong.
// verdict: unsafe
#include <assert.h>
extern unsigned __VERIFIER_nondet_uint(void);
static int squares[8] = { 0, 1, 4, 9, 16, 24, 36, 49 };
int main(void) {
  unsigned i = __VERIFIER_nondet_uint();
  if (i >= 8) return 0;
  int s = squares[i];
  assert(s == (int)(i * i));
  return 0;
}
