// An ordinary C program whose bug is in memory it never initialized: when
// the first index read is out of range, `last` is 0 and a[0] holds whatever
// the stack held. The replay fills uninitialized locals (0xAA bytes).
#include <assert.h>
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned a[100];
  unsigned last = 0;
  while (1) {
    unsigned i = __VERIFIER_nondet_uint();
    if (i >= 100)
      break;
    a[i] = i;
    last = i;
  }
  assert(a[last] == last);
  return 0;
}
