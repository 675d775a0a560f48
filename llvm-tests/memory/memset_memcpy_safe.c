// memset and memcpy of a small buffer.
// verdict: safe
// decided: O0 O2
#include <assert.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int src[4], dst[4];
  memset(src, 0, sizeof src);
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 3) return 0;
  src[k] = 7;
  memcpy(dst, src, sizeof src);
  assert(dst[k] == 7 && dst[(k + 1) % 4] == 0);
  return 0;
}
